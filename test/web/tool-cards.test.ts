/**
 * Tool cards a person can read: every built-in tool, really run, gets its own plain line in English and in
 * Chinese, with the raw arguments and result only behind "Details".
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { launchBrowser, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A SearXNG that is set but away, as the http and web_fetch calls' 127.0.0.1:9: web_search is offered and fails.
  [h, browser] = await Promise.all([
    startWebApp({ env: { CYRENE_SEARXNG_URL: "http://127.0.0.1:9" } }),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await h?.close();
});

async function open(url: string, locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    locale,
    timezoneId: "Asia/Shanghai",
    extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
  });
  contexts.push(context);
  context.setDefaultTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });

/** Calls of all 19 built-in tools, in three rounds (a later round sees what an earlier one saved). */
const ROUNDS = [
  [
    call("calculator", { expression: "2 * 21" }),
    call("datetime", {}),
    call("text", { operation: "count", text: "hello world" }),
    call("crypto", { operation: "hash", text: "abc", algorithm: "sha256" }),
    call("random", { operation: "coin" }),
    call("markdown", { operation: "headings", markdown: "# Title" }),
    call("json", { operation: "query", json: '{"a": 1}', expression: "a" }),
    call("file", { operation: "write", path: "notes.txt", content: "hi" }),
    call("http", { url: "http://127.0.0.1:9/status" }),
    call("web_search", { query: "cyrene assistant" }),
    call("web_fetch", { url: "http://127.0.0.1:9/page" }),
    call("iot_query", { query: "客厅灯" }),
    call("iot_control", { service: "light.turn_on", target: "客厅灯" }),
    call("reminder_create", { message: "Water the plants", at: "tomorrow 18:00" }),
    call("knowledge_ingest", { text: "The spare key is under the blue flower pot.", title: "Spare key" }),
    call("memory_search", { query: "teapot" }),
  ],
  [call("reminder_list", {}), call("knowledge_search", { query: "spare key flower pot" })],
  [call("reminder_delete", { match: "plants" })],
];

/** The line each card shows: done in the past tense, failed (no HA, no SearXNG, no loopback) as the attempt. */
const ENGLISH: Record<string, RegExp> = {
  calculator: /^Calculated 2 \* 21 = 42$/,
  datetime: /^Checked the date and time$/,
  text: /^Counted characters and words$/,
  crypto: /^Hashed text \(sha256\)$/,
  random: /^Tossed a coin$/,
  markdown: /^Processed Markdown$/,
  json: /^Queried JSON$/,
  file: /^Wrote the file notes\.txt$/,
  http: /^Send GET 127\.0\.0\.1:9$/,
  web_search: /^Search the web for “cyrene assistant”$/,
  web_fetch: /^Read 127\.0\.0\.1:9$/,
  iot_query: /^Check 客厅灯$/,
  iot_control: /^Turn on 客厅灯$/,
  reminder_create: /^Set a reminder for \w+ \d+ 18:00: Water the plants$/,
  knowledge_ingest: /^Saved “Spare key” to the knowledge base$/,
  memory_search: /^Searched memory for “teapot”$/,
  reminder_list: /^Listed 1 reminder$/,
  knowledge_search: /^Searched the knowledge base for “spare key flower pot”: 1 passage$/,
  reminder_delete: /^Cancelled the reminder “Water the plants”$/,
};

const CHINESE: Record<string, RegExp> = {
  calculator: /^已计算 2 \* 21 = 42$/,
  datetime: /^已查看日期和时间$/,
  crypto: /^已计算哈希（sha256）$/,
  random: /^已抛硬币$/,
  file: /^已写入文件 notes\.txt$/,
  web_search: /^在网上搜索“cyrene assistant”$/,
  iot_control: /^打开客厅灯$/,
  reminder_create: /^已设置提醒：12月\d+日 18:00，Water the plants$/,
  reminder_list: /^已查看提醒：1 条$/,
  knowledge_search: /^已在知识库中搜索“spare key flower pot”：1 段$/,
  reminder_delete: /^已取消提醒“Water the plants”$/,
};

describe("tool cards", () => {
  it("say in one plain line what each of the 19 tools did, with the raw JSON only behind Details", async () => {
    h.llm.script(...ROUNDS.map((toolCalls) => ({ toolCalls })), { text: "All done." });
    const page = await open(`${h.url}/#/chat`, "en-US");
    await page.getByRole("textbox", { name: "Message" }).fill("Try every tool");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await page.getByText("All done.").waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();

    // A slow first start (the calculator's sandbox on a busy machine) may finish in the background.
    await expect
      .poll(() => page.locator(".tool.state-running, .tool.state-background").count(), { timeout: 60_000 })
      .toBe(0);
    const cards = page.locator(".tool");
    expect(await cards.count()).toBe(19);
    const lines: Record<string, string> = {};
    for (const card of await cards.all()) {
      lines[(await card.getAttribute("data-tool"))!] = (
        await card.locator(".tool-summary").innerText()
      ).trim();
    }
    for (const [tool, expected] of Object.entries(ENGLISH)) expect(lines[tool], tool).toMatch(expected);

    // No raw JSON and no tool id on screen until a card's Details is opened.
    for (const card of await cards.all()) {
      const visible = await card.innerText();
      expect(visible, (await card.getAttribute("data-tool")) ?? "").not.toMatch(/[{}[\]]|":/);
      expect(visible).not.toMatch(/\b(iot_control|reminder_create|knowledge_search)\b/);
    }
    const calculator = page.locator('.tool[data-tool="calculator"]');
    expect(await calculator.locator(".tool-arguments").isVisible()).toBe(false);
    await calculator.getByText("Details").click();
    expect(JSON.parse(await calculator.locator(".tool-arguments").innerText())).toEqual({
      expression: "2 * 21",
    });
    // Its result, or its late result when a slow start sent it to the background.
    expect(await calculator.locator(".tool-details").innerText()).toContain('"result": "42"');
    await calculator.locator(".tool-name", { hasText: "calculator" }).waitFor();

    // The same conversation in Chinese: Chinese lines, and chips in Chinese only.
    const zh = await open(page.url(), "zh-CN");
    await zh.getByText("All done.").waitFor();
    const zhLines: Record<string, string> = {};
    for (const card of await zh.locator(".tool").all()) {
      zhLines[(await card.getAttribute("data-tool"))!] = (
        await card.locator(".tool-summary").innerText()
      ).trim();
    }
    for (const [tool, expected] of Object.entries(CHINESE)) expect(zhLines[tool], tool).toMatch(expected);
    const chips = new Set(await zh.locator(".tool .chip").allInnerTexts());
    expect(chips).toContain("完成");
    expect(chips).toContain("失败");
    for (const chip of chips) expect(chip).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(await zh.locator(".tool").first().getByText("详情").count()).toBe(1);
  }, 180_000);
});
