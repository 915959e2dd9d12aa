/**
 * Phone-first: every panel fits 360 px in English and Chinese (nothing sticks out sideways), the tab bar shows
 * that it scrolls, and the forms line up.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { horizontalOverflow, launchBrowser, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;
const contexts: BrowserContext[] = [];
let conversation = "";

beforeAll(async () => {
  [h, browser] = await Promise.all([startWebApp(), launchBrowser()]);
  await seed();
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await h?.close();
});

const headers = { "content-type": "application/json", ...person("u-ada", "Ada Lovelace") };

/** Something on every panel: a chat with tool cards (one failing at length), a reminder, a document, a thought. */
async function seed(): Promise<void> {
  h.llm.script(
    {
      text: "Let me look.",
      toolCalls: [
        {
          name: "iot_control",
          arguments: { service: "light.turn_on", target: "客厅灯, 卧室台灯, 书房的灯" },
        },
        { name: "calculator", arguments: { expression: "12345678901234567890 * 98765432109876543210" } },
        { name: "door_lock", arguments: { door: "front door", action: "unlock" } },
      ],
    },
    { text: "| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 |\n\nDone." },
  );
  const chat = await fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers,
    body: JSON.stringify({ message: "Turn on the lights and multiply two long numbers please" }),
  });
  conversation = ((await chat.json()) as { conversation_id: string }).conversation_id;
  await fetch(`${h.url}/api/reminders`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      message: "Take the very long way round to the garden shed and water every single plant on the way",
      at: "tomorrow 8am",
      repeat: "weekdays",
      notify: ["notify.mobile_app_a_rather_long_phone_name"],
      speak: ["media_player.kitchen_speaker_with_a_long_name"],
    }),
  });
  await fetch(`${h.url}/api/knowledge`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      text: "The boiler manual: reset with the red button.",
      title: "Boiler_manual_with_a_very_long_name_and_not_one_space_v2",
      tags: ["house"],
    }),
  });
  const store = h.cyrene.thoughts;
  const id = store.start(
    {
      kind: "watch",
      prompt: "binary_sensor.front_door_contact_sensor_with_a_long_id changed to on",
      topic: "door",
    },
    "test:door",
    Date.now() - 5_000,
  );
  store.finish(
    id,
    {
      status: "finished",
      outcome: "tell",
      text: "The front door has been open for ten minutes.",
      actions: [{ tool: "iot_query", arguments: '{"query":"front door"}', success: true, result: "{}" }],
      tokens: 1,
    },
    Date.now(),
  );
}

async function phone(locale: string, width = 360): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 780 },
    locale,
    timezoneId: "Asia/Shanghai",
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
  });
  contexts.push(context);
  context.setDefaultTimeout(UI_TIMEOUT);
  return context.newPage();
}

const PANELS = ["chat", "reminders", "knowledge", "thoughts", "status"] as const;

/** Waits until a panel shows what was seeded, and opens what a person would open. */
async function ready(page: Page, panel: (typeof PANELS)[number]): Promise<void> {
  await page.locator("cyrene-app nav").waitFor();
  switch (panel) {
    case "chat":
      await page.locator('.tool[data-tool="iot_control"]').waitFor();
      await page.locator(".markdown table").waitFor();
      break;
    case "reminders":
      await page.locator(".reminder").first().waitFor();
      await page.locator("form details summary").click();
      await page.locator('input[name="speak"]').waitFor();
      break;
    case "knowledge":
      await page.locator(".document").first().waitFor();
      break;
    case "thoughts":
      await page.locator(".thought").first().waitFor();
      break;
    case "status":
      await page.locator("tbody tr").first().waitFor();
      break;
  }
}

describe("on a phone", () => {
  for (const locale of ["en-US", "zh-CN"]) {
    it(`every panel fits 360 px (${locale})`, async () => {
      const page = await phone(locale);
      for (const panel of PANELS) {
        await page.goto(`${h.url}/#/${panel === "chat" ? `chat/${conversation}` : panel}`);
        await ready(page, panel);
        expect(await horizontalOverflow(page), `${panel} in ${locale}`).toEqual([]);
      }
    }, 120_000);
  }

  it("the tab bar shows that it scrolls, and shows the open tab", async () => {
    const page = await phone("en-US");
    await page.goto(`${h.url}/#/chat`);
    const frame = page.locator(".tabs-frame");
    await expect.poll(() => frame.getAttribute("class")).toContain("more-after");
    expect(await frame.getAttribute("class")).not.toContain("more-before");
    // The cue is drawn: the arrow at the end is visible.
    await expect
      .poll(() =>
        page.evaluate(
          `getComputedStyle(document.querySelector("cyrene-app").shadowRoot.querySelector(".tabs-frame"), "::after").opacity`,
        ),
      )
      .toBe("1");
    // Opening Status (last, out of sight) scrolls it into view; the cue moves to the start.
    await page.goto(`${h.url}/#/status`);
    await page.getByRole("link", { name: "Status" }).click();
    await expect.poll(() => frame.getAttribute("class")).toContain("more-before");
    const status = await page.getByRole("link", { name: "Status" }).boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(360);
  }, 60_000);

  it("lines the reminder form up: fields share their edges, on a phone and on a desktop", async () => {
    for (const width of [360, 1280]) {
      const page = await phone("en-US", width);
      await page.goto(`${h.url}/#/reminders`);
      await page.locator("form details summary").click();
      const boxes = await Promise.all(
        ["message", "at", "repeat", "notify", "speak"].map(async (name) =>
          page.locator(`[name="${name}"]`).boundingBox(),
        ),
      );
      const [message, at, repeat, notify, speak] = boxes.map((box) => box!);
      if (width === 360) {
        // One column: every field starts and ends at the same x, inside the screen.
        for (const box of [at!, repeat!, notify!, speak!]) {
          expect(Math.abs(box.x - message!.x)).toBeLessThan(1);
          expect(Math.abs(box.width - message!.width)).toBeLessThan(1);
        }
        expect(message!.x + message!.width).toBeLessThanOrEqual(360 - 16);
      } else {
        // One row: the fields' bottoms line up, whatever their labels' lengths.
        for (const box of [at!, repeat!])
          expect(Math.abs(box.y + box.height - (message!.y + message!.height))).toBeLessThan(1);
        expect(Math.abs(notify!.y + notify!.height - (speak!.y + speak!.height))).toBeLessThan(1);
      }
      expect(await horizontalOverflow(page)).toEqual([]);
    }
  }, 60_000);
});
