/**
 * A long unbroken text (an error, an id, a URL) wraps inside its card on every panel, on a desktop and on a
 * phone, in English and Chinese: nothing runs past its card to the page's edge.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { horizontalOverflow, launchBrowser } from "./support/browser.js";
import { pageAsAda, person, startWebApp } from "./support/web-app.js";

/** A URL with no place to break, longer than any screen is wide. */
const URL_TEXT = `https://example.com/${"a1b2c3d4e5".repeat(24)}`;
/** An id or a hash. */
const ID_TEXT = `t_${"0123456789abcdef".repeat(12)}`;
const ERROR_TEXT = `ECONNREFUSED_${"X".repeat(180)}`;
const SATELLITE = `assist_satellite.${"kitchen_".repeat(20)}satellite`;

let h: Harness;
let browser: Browser;
const contexts: BrowserContext[] = [];
let conversation = "";

beforeAll(async () => {
  // An MCP server at a long URL that is not there: Status lists it with its error.
  const mcp = JSON.stringify([{ name: "nas", url: `http://127.0.0.1:9/${"mcp".repeat(60)}` }]);
  [h, browser] = await Promise.all([startWebApp({ env: { CYRENE_MCP_SERVERS: mcp } }), launchBrowser()]);
  await seed();
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await h?.close();
});

const headers = { "content-type": "application/json", ...person("u-ada", "Ada Lovelace") };

/** Each panel gets its long texts: a chat, a reminder, a document, a thought (Status has the MCP server). */
async function seed(): Promise<void> {
  h.llm.script(
    { toolCalls: [{ name: "calculator", arguments: { expression: ID_TEXT } }] },
    { text: `See ${URL_TEXT} and ${ID_TEXT}.` },
  );
  const chat = await fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers,
    body: JSON.stringify({ message: `What is at ${URL_TEXT}?` }),
  });
  conversation = ((await chat.json()) as { conversation_id: string }).conversation_id;
  const reminder = await fetch(`${h.url}/api/reminders`, {
    method: "POST",
    headers,
    body: JSON.stringify({ message: `Read ${URL_TEXT}`, at: "tomorrow 8am" }),
  });
  expect(reminder.status).toBe(201);
  const document = await fetch(`${h.url}/api/knowledge`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      text: `The manual is at ${URL_TEXT}.`,
      title: ID_TEXT,
      tags: [ID_TEXT.slice(0, 60)],
    }),
  });
  expect(document.status).toBeLessThan(300);
  const store = h.cyrene.thoughts;
  const id = store.start(
    { kind: "watch", prompt: `${URL_TEXT} changed to on`, topic: ID_TEXT },
    "test:long",
    Date.now() - 5_000,
  );
  store.finish(
    id,
    {
      status: "finished",
      outcome: "tell",
      text: `Look at ${URL_TEXT}`,
      reason: `not delivered to notify.phone: ${ERROR_TEXT}`,
      spokenOn: SATELLITE,
      actions: [
        {
          tool: "web_fetch",
          arguments: JSON.stringify({ url: URL_TEXT }),
          success: false,
          result: JSON.stringify({ success: false, error: ERROR_TEXT }),
        },
      ],
      tokens: 1,
    },
    Date.now(),
  );
}

const PANELS = ["chat", "reminders", "knowledge", "thoughts", "status"] as const;

/** Waits until the panel shows its long text. */
async function shown(page: Page, panel: (typeof PANELS)[number]): Promise<void> {
  await page.locator("cyrene-app nav").waitFor();
  const text = {
    chat: URL_TEXT,
    reminders: URL_TEXT,
    knowledge: ID_TEXT,
    thoughts: ERROR_TEXT,
    status: "mcpmcp",
  };
  await page.getByText(text[panel], { exact: false }).first().waitFor();
}

describe("a long unbroken text", () => {
  for (const [locale, width] of [
    ["en-US", 1280],
    ["zh-CN", 360],
  ] as const) {
    it(`wraps inside its card on every panel (${locale}, ${width} px)`, async () => {
      const page = await pageAsAda(browser, contexts, { width, height: 800, locale });
      for (const panel of PANELS) {
        await page.goto(`${h.url}/#/${panel === "chat" ? `chat/${conversation}` : panel}`);
        await shown(page, panel);
        // The thought's failed call shows its details when opened, as a person would.
        if (panel === "thoughts") {
          await page.locator(".thought summary").first().click();
          // Where it was said, in the page's language.
          const where = locale === "zh-CN" ? `在 ${SATELLITE} 上出声说` : `aloud, on ${SATELLITE}`;
          await page.getByText(where, { exact: true }).waitFor();
        }
        expect(await horizontalOverflow(page), `${panel} at ${width} px`).toEqual([]);
      }
    }, 120_000);
  }
});
