/**
 * The README's screenshots, of the real product: Cyrene against the shared Home Assistant, its real tools
 * (iot_control, iot_query, reminder_create) and the web UI in Chromium. Every run takes them (into
 * test-results/readme/); with CYRENE_README_SCREENSHOTS=1 they replace the README's own in docs/, so a
 * plain test run leaves the work tree clean.
 */
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { restCall, restState } from "../ha/support/real-ha.js";
import type { Harness } from "../support/harness.js";
import { launchBrowser, UI_TIMEOUT } from "./support/browser.js";
import { ROOT } from "./support/web-build.js";
import { person, startWebApp } from "./support/web-app.js";

const DOCS =
  process.env.CYRENE_README_SCREENSHOTS === "1" ? join(ROOT, "docs") : join(ROOT, "test-results", "readme");

describeHa("the README's screenshots", (ha) => {
  let h: Harness;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [h, browser] = await Promise.all([
      startWebApp({ env: { CYRENE_HA_URL: ha.url, CYRENE_HA_TOKEN: ha.token } }),
      launchBrowser(),
    ]);
    const deadline = Date.now() + 60_000;
    while (
      ((await (await fetch(`${h.url}/api/status`)).json()) as StatusBody).home_assistant.status !== "ready"
    ) {
      if (Date.now() > deadline) throw new Error("Cyrene did not connect to Home Assistant");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await h?.close();
  });

  async function open(options: {
    width: number;
    height: number;
    locale: string;
    dark?: boolean;
  }): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      locale: options.locale,
      colorScheme: options.dark ? "dark" : "light",
      timezoneId: "Asia/Shanghai",
      isMobile: options.width < 600,
      hasTouch: options.width < 600,
      deviceScaleFactor: options.width < 600 ? 2 : 1,
      extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
    });
    contexts.push(context);
    context.setDefaultTimeout(UI_TIMEOUT);
    return context.newPage();
  }

  async function ask(page: Page, label: string, text: string): Promise<void> {
    const composer = page.getByRole("textbox", { name: label });
    await composer.fill(text);
    await composer.press("Enter");
  }

  const lamp = ha.fixture.entities.livingRoomLamp.entityId;

  it("a chat that turns on a light, checks the room and sets a reminder; on a phone; dark in Chinese", async () => {
    await restCall(ha, "light", "turn_off", { entity_id: lamp });
    await expect.poll(async () => (await restState(ha, lamp)).state).toBe("off");
    h.llm.script(
      {
        toolCalls: [
          { name: "iot_control", arguments: { service: "light.turn_on", target: "客厅灯" } },
          { name: "reminder_create", arguments: { message: "Take out the trash", at: "tomorrow 18:00" } },
        ],
      },
      { toolCalls: [{ name: "iot_query", arguments: { query: "客厅的灯" } }] },
      {
        text:
          "Done: **客厅灯** is on.\n\nI'll remind you to *take out the trash* tomorrow at 18:00, as a " +
          "Home Assistant notification.",
      },
    );
    const page = await open({ width: 1280, height: 760, locale: "en-US" });
    await page.goto(`${h.url}/#/chat`);
    await ask(
      page,
      "Message",
      "Turn on the living room lamp, and remind me to take out the trash tomorrow at 6 pm",
    );
    await page.locator(".markdown em", { hasText: "take out the trash" }).waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    const control = page.locator('.tool[data-tool="iot_control"]');
    expect(await control.locator(".tool-summary").innerText()).toBe("Turned on 客厅灯");
    expect(await page.locator('.tool[data-tool="iot_query"] .tool-summary').innerText()).toMatch(
      /^Checked \d+ lights: \d+ on$/,
    );
    expect(await page.locator('.tool[data-tool="reminder_create"] .tool-summary').innerText()).toMatch(
      /^Set a reminder for \w+ \d+ 18:00: Take out the trash$/,
    );
    await expect.poll(async () => (await restState(ha, lamp)).state).toBe("on");
    await page.screenshot({ path: join(DOCS, "screenshot-chat.png") });

    const phone = await open({ width: 390, height: 780, locale: "en-US" });
    await phone.goto(page.url());
    await phone.locator('.tool[data-tool="iot_control"]').waitFor();
    await phone.screenshot({ path: join(DOCS, "screenshot-phone.png") });

    await page.goto(`${h.url}/#/reminders`);
    await page.locator(".reminder", { hasText: "Take out the trash" }).waitFor();
    await page.screenshot({ path: join(DOCS, "screenshot-reminders.png") });

    await restCall(ha, "light", "turn_off", { entity_id: lamp });
    h.llm.script(
      {
        toolCalls: [
          { name: "iot_control", arguments: { service: "light.turn_on", target: "客厅灯" } },
          { name: "reminder_create", arguments: { message: "给花浇水", at: "明天早上8点" } },
        ],
      },
      { text: "好的，**客厅灯**已经打开了。\n\n明天早上 8 点我会提醒你给花浇水。" },
    );
    const dark = await open({ width: 1280, height: 760, locale: "zh-CN", dark: true });
    await dark.goto(`${h.url}/#/chat`);
    await ask(dark, "消息", "打开客厅灯，明天早上8点提醒我给花浇水");
    await dark.getByText("明天早上 8 点我会提醒你给花浇水。").waitFor();
    await dark.getByRole("button", { name: "发送" }).waitFor();
    expect(await dark.locator('.tool[data-tool="iot_control"] .tool-summary').innerText()).toBe(
      "已打开客厅灯",
    );
    await dark.screenshot({ path: join(DOCS, "screenshot-dark-zh.png") });
  }, 180_000);
});

interface StatusBody {
  home_assistant: { status: string };
}
