/** The panels (reminders, knowledge, thoughts, status) in light and dark, English and Chinese, checked by axe. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haChatBody, haSystemPrompt, postChat, user } from "../assist/ollama/ha-client.js";
import type { Harness } from "../support/harness.js";
import { expectAccessible, launchBrowser, screenshot, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // An MCP server that is not there: Status lists it as unreachable.
  const mcp = JSON.stringify([{ name: "nas", url: "http://127.0.0.1:9/mcp" }]);
  [h, browser] = await Promise.all([
    startWebApp({ env: { CYRENE_MCP_SERVERS: mcp }, assist: true }),
    launchBrowser(),
  ]);
  h.llm.setFallback({ text: "Sure." });
  seedThoughts(h);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Thoughts as the Thinker stores them: one that told the user after using a tool, one with nothing to do. */
function seedThoughts(harness: Harness): void {
  const store = harness.cyrene.thoughts;
  const now = Date.now();
  // Skipped triggers are only counted.
  store.countSkip("duplicate", now - 60_000);
  store.countSkip("duplicate", now - 30_000);
  store.countSkip("hourly budget", now - 30_000);
  const told = store.start(
    { kind: "event", prompt: "The washing machine finished: tell whoever is home.", topic: "laundry" },
    "test:laundry",
    now - 120_000,
  );
  store.finish(
    told,
    {
      status: "finished",
      outcome: "tell",
      text: "The laundry is done; it has been waiting 10 minutes.",
      actions: [
        {
          tool: "datetime",
          arguments: '{"operation":"now"}',
          success: true,
          result: '{"success":true,"data":{"now":"2026-12-02T18:00:00+08:00"}}',
        },
        {
          tool: "iot_control",
          arguments: '{"service":"light.turn_on","target":"阳台灯"}',
          success: false,
          // The store keeps 500 characters of a result: a long one is no longer JSON.
          result: `{"success":false,"error":"Home Assistant is unavailable (${"x".repeat(500)}`.slice(0, 500),
        },
      ],
      tokens: 1234,
    },
    now - 118_000,
  );
  const quiet = store.start(
    { kind: "schedule", prompt: "Morning check of the house." },
    "test:morning",
    now - 60_000,
  );
  store.finish(quiet, { status: "finished", outcome: "nothing", tokens: 456 }, now - 59_000);
}

async function open(options: {
  view: string;
  locale?: string;
  colorScheme?: "light" | "dark";
  width?: number;
  /** Runs before the page is loaded (to hold back a request, say). */
  prepare?: (page: Page) => Promise<void>;
}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 860 },
    locale: options.locale ?? "en-US",
    colorScheme: options.colorScheme ?? "light",
    timezoneId: "Asia/Shanghai",
    extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
  });
  contexts.push(context);
  context.setDefaultTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  await options.prepare?.(page);
  await page.goto(`${h.url}/#/${options.view}`);
  await page.locator("cyrene-app nav").waitFor();
  return page;
}

describe("the reminders panel", () => {
  it("creates a reminder that shows up in the list, says what is wrong with bad input, and deletes", async () => {
    const page = await open({ view: "reminders" });
    await page.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    await page.getByText("No reminders.").waitFor();

    await page.getByLabel("Remind me of").fill("Water the plants");
    await page.getByLabel("When").fill("tomorrow at 8am");
    await page.getByLabel("Repeat").selectOption("daily");
    await page.getByRole("button", { name: "Create reminder" }).click();
    await page.getByText("Reminder created.").waitFor();
    const item = page.locator(".reminder", { hasText: "Water the plants" });
    await item.waitFor();
    expect(await item.textContent()).toContain("Every day");
    expect(await item.textContent()).toMatch(/Next: .*08:00 AM/);
    expect(await item.textContent()).toContain("Not delivered yet");
    await expect.poll(() => page.getByLabel("Remind me of").inputValue()).toBe("");

    const listed = (await (await fetch(`${h.url}/api/reminders`)).json()) as {
      reminders: { message: string }[];
    };
    expect(listed.reminders.map((r) => r.message)).toContain("Water the plants");

    await page.getByLabel("Remind me of").fill("Call the plumber");
    await page.getByLabel("When").fill("when pigs fly");
    await page.getByRole("button", { name: "Create reminder" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/\S{6,}/);
    expect(await page.locator(".reminder", { hasText: "Call the plumber" }).count()).toBe(0);
    await page.getByLabel("Remind me of").fill("");
    await page.getByLabel("When").fill("");

    await page.getByLabel("Remind me of").fill("Take out the recycling");
    await page.getByLabel("When").fill("in 3 hours");
    await page.getByRole("button", { name: "Create reminder" }).click();
    await page.locator(".reminder", { hasText: "Take out the recycling" }).waitFor();
    await screenshot(page, "reminders");
    await expectAccessible(page, "the reminders panel");

    await page.getByRole("button", { name: "Delete reminder “Take out the recycling”" }).click();
    await page.getByText("Done and cancelled (1)").waitFor();
    expect(await page.locator(".reminder", { hasText: "Water the plants" }).count()).toBe(1);
  }, 120_000);
});

describe("the knowledge panel", () => {
  it("adds text, lists it, finds it and deletes it", async () => {
    const page = await open({ view: "knowledge" });
    await page.getByRole("heading", { name: "Knowledge", level: 1 }).waitFor();
    await page
      .getByLabel("Text to remember")
      .fill("The spare key for the garden shed hangs on the hook behind the pantry door.");
    await page.getByLabel("Title (optional)").fill("Where the spare keys are");
    await page.getByLabel("Tags (optional, comma-separated)").fill("house, keys");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Added.").waitFor();
    const doc = page.locator(".document", { hasText: "Where the spare keys are" });
    await doc.waitFor();
    expect(await doc.textContent()).toContain("keys");
    // One passage, in the singular.
    expect(await doc.innerText()).toMatch(/\b1 passage\b(?!s)/);

    await page.getByRole("searchbox", { name: "Search knowledge" }).fill("garden shed key");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.locator(".results li", { hasText: "pantry door" }).waitFor();

    await page.getByRole("radio", { name: "Web page" }).check();
    await page.getByLabel("Address (URL)").waitFor();
    await page.getByRole("radio", { name: "File" }).check();
    await page.getByLabel("File (Markdown, text, HTML or PDF)").setInputFiles({
      name: "wifi.md",
      mimeType: "text/markdown",
      buffer: Buffer.from(
        "# Guest Wi-Fi\n\nThe guest network is called Lighthouse; its password is on the fridge.\n",
      ),
    });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page
      .locator(".document", { hasText: "wifi.md" })
      .or(page.locator(".document", { hasText: "Guest Wi-Fi" }))
      .first()
      .waitFor();
    // The form is emptied for the next one, and stays on the kind the person chose.
    expect(await page.getByRole("radio", { name: "File" }).isChecked()).toBe(true);
    await screenshot(page, "knowledge");
    await expectAccessible(page, "the knowledge panel");

    await page.getByRole("button", { name: "Delete “Where the spare keys are”" }).click();
    await expect.poll(() => doc.count()).toBe(0);
  }, 120_000);
});

describe("the thoughts panel", () => {
  it("shows each thought as text: why, the tools with ✓/✗, what was said and to whom, no raw JSON", async () => {
    const page = await open({ view: "thoughts" });
    const told = page.locator(".thought", { hasText: "The washing machine finished" });
    await told.waitFor();
    const text = await told.innerText();
    expect(text).toContain("Event");
    expect(text).toContain("Told the user");
    expect(text).toMatch(/Why\s+The washing machine finished: tell whoever is home\./);
    expect(text).toMatch(/✓\s+(done:\s+)?Checked the date and time/);
    expect(text).toMatch(/✗\s+(failed:\s+)?Turn on 阳台灯/);
    expect(text).toContain("Home Assistant is unavailable (xxx");
    expect(text).toMatch(/Said\s+The laundry is done; it has been waiting 10 minutes\.\s+to the household/);
    expect(text).toMatch(/1,234 tokens/);
    expect(text).not.toMatch(/[{}]|":/);
    expect(await page.locator(".skipped").textContent()).toBe(
      "Skipped in the last 24 hours: duplicates 2, over the hourly budget 1",
    );
    const quiet = page.locator(".thought", { hasText: "Morning check of the house." });
    expect(await quiet.innerText()).toContain("Nothing to do");
    expect(await quiet.innerText()).toContain("Schedule");
    await told.getByText("Details").first().click();
    await told.locator("pre", { hasText: '"operation": "now"' }).waitFor();
    await screenshot(page, "thoughts");
    await expectAccessible(page, "the thoughts panel");
  }, 60_000);
});

describe("the status panel", () => {
  it("shows the version, model, LLM and HA state, the tools, and what recent turns cost", async () => {
    await fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", ...person("u-ada", "Ada Lovelace") },
      body: JSON.stringify({ message: "hello" }),
    });
    const page = await open({ view: "status" });
    await page.getByRole("heading", { name: "Status", level: 1 }).waitFor();
    await page.locator(".voice-room", { hasText: "no voice turn yet" }).waitFor();
    const version = (await (await fetch(`${h.url}/api/status`)).json()) as { version: string; model: string };
    await page.locator(".version", { hasText: version.version }).waitFor();
    await page.getByText(version.model, { exact: true }).waitFor();
    await page.locator("#status-llm ~ p .chip", { hasText: "answering" }).waitFor();
    await page.locator("#status-ha ~ p .chip", { hasText: /unavailable|connecting/ }).waitFor();
    await page.locator("code.chip", { hasText: "sleep" }).waitFor();
    await page.getByRole("heading", { name: /Disabled tools \(\d+\)/ }).waitFor();
    // Without SearXNG, web_search is not offered: Status names the setting that enables it.
    await page.getByRole("heading", { name: /Not configured \(\d+\)/ }).waitFor();
    expect(await page.locator(".not-configured li", { hasText: "web_search" }).innerText()).toMatch(
      /web_search\s+set\s+CYRENE_SEARXNG_URL/,
    );
    // The MCP server that is down: its state, and when Cyrene tries again.
    await page.getByRole("heading", { name: "MCP servers (1)" }).waitFor();
    expect(await page.locator(".not-configured li", { hasText: "nas__*" }).innerText()).toMatch(
      /nas__\*\s+unreachable\s+0 tools · http:\/\/127\.0\.0\.1:9\/mcp[\s\S]*next attempt/,
    );
    await page.locator("table tbody tr").first().waitFor();
    // One turn, in the singular; its status a chip in the UI's language.
    expect(await page.getByText(/\b1 turn: [\d,]+ prompt tokens/).count()).toBe(1);
    await page.locator("tbody .chip", { hasText: "completed" }).waitFor();
    // A voice turn from HA's Ollama integration whose instructions carry the room (the line DOCS gives).
    const system = {
      role: "system",
      content: haSystemPrompt(undefined, "Speaker area: 厨房 (device 4b1f0c9e)"),
    };
    const voice = await postChat(h.ollamaUrl, haChatBody([], { messages: [system, user("开灯")] }));
    expect(voice.status).toBe(200);
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.locator(".voice-room .chip", { hasText: "厨房" }).waitFor();
    await page.getByText(/from the agent's instructions · /).waitFor();
    await screenshot(page, "status");
    await expectAccessible(page, "the status panel");
  }, 60_000);

  it("fits a phone, the MCP servers and the tool lists included, without sideways scrolling", async () => {
    const page = await open({ view: "status", width: 390, locale: "zh-CN" });
    await page.getByRole("heading", { name: "MCP 服务器（1）" }).waitFor();
    await page.locator(".not-configured li", { hasText: "nas__*" }).waitFor();
    await page.getByText("上次语音的房间").waitFor();
    // Neither the page nor the panel (which scrolls on its own) is wider than the phone.
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    const [scrollWidth, clientWidth] = (await page.evaluate(
      "(m => [m.scrollWidth, m.clientWidth])(document.querySelector('cyrene-app').shadowRoot.querySelector('main'))",
    )) as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.getByRole("heading", { name: "MCP 服务器（1）" }).scrollIntoViewIfNeeded();
    await screenshot(page, "zh-status-phone");
    await expectAccessible(page, "the status panel on a phone");
  }, 60_000);
});

describe("dark mode and Chinese", () => {
  it("follows prefers-color-scheme: dark on every panel, with no serious axe violation", async () => {
    const page = await open({ view: "chat", colorScheme: "dark" });
    expect(await page.evaluate("getComputedStyle(document.body).backgroundColor")).toBe("rgb(17, 17, 17)");
    await page.getByRole("textbox", { name: "Message" }).fill("Hello in the dark");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await page.getByText("Sure.").first().waitFor();
    await screenshot(page, "dark-chat");
    await expectAccessible(page, "the chat, dark");
    for (const [view, heading] of [
      ["reminders", "Reminders"],
      ["knowledge", "Knowledge"],
      ["thoughts", "Thoughts"],
      ["status", "Status"],
    ] as const) {
      await page.goto(`${h.url}/#/${view}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.locator(".card").first().waitFor();
      await page.getByText("Loading…").waitFor({ state: "detached" });
      expect(
        await page.evaluate(
          "getComputedStyle(document.documentElement).getPropertyValue('--card-background-color').trim()",
        ),
      ).toBe("#1c1c1c");
      await screenshot(page, `dark-${view}`);
      await expectAccessible(page, `the ${view} panel, dark`);
    }
  }, 180_000);

  it("speaks Chinese when the browser does, on every panel", async () => {
    const page = await open({ view: "chat", locale: "zh-CN" });
    expect(await page.evaluate("document.documentElement.lang")).toBe("zh-CN");
    await page.getByRole("link", { name: "对话" }).waitFor();
    await page.getByRole("button", { name: "新对话" }).waitFor();
    await page.getByText("有什么可以帮你？").waitFor();
    await page.getByRole("textbox", { name: "消息" }).fill("你好");
    await page.getByRole("textbox", { name: "消息" }).press("Enter");
    await page.getByText("Sure.").first().waitFor();
    await screenshot(page, "zh-chat");
    await expectAccessible(page, "the chat in Chinese");

    await page.getByRole("link", { name: "提醒" }).click();
    await page.getByRole("heading", { name: "提醒", level: 1 }).waitFor();
    await page.getByLabel("提醒内容").fill("倒垃圾");
    await page.getByLabel("时间").fill("明天晚上8点");
    await page.getByLabel("重复").selectOption("weekdays");
    await page.getByRole("button", { name: "创建提醒" }).click();
    const item = page.locator(".reminder", { hasText: "倒垃圾" });
    await item.waitFor();
    expect(await item.textContent()).toContain("工作日");
    await screenshot(page, "zh-reminders");
    await expectAccessible(page, "the reminders panel in Chinese");

    for (const [tab, check] of [
      ["知识库", "添加到知识库"],
      ["思考", "洗"],
      ["状态", "提供的工具"],
    ] as const) {
      await page.getByRole("link", { name: tab }).click();
      await page.getByRole("heading", { name: tab, level: 1 }).waitFor();
      if (tab === "思考") await page.getByText("已告知用户").waitFor();
      else await page.getByText(check).first().waitFor();
      if (tab === "思考") await page.getByText("以 Home Assistant 通知告知家人").waitFor();
      if (tab === "状态") await page.locator("tbody .chip", { hasText: "已完成" }).first().waitFor();
      await screenshot(page, `zh-${tab === "知识库" ? "knowledge" : tab === "思考" ? "thoughts" : "status"}`);
    }
  }, 180_000);

  it("is keyboard-friendly: tabs, the composer and Enter reach everything", async () => {
    // Who the person is arrives only after the skip link is used, so the chat is rendered after it.
    let releaseMe = () => {};
    const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
    const page = await open({
      view: "chat",
      prepare: async (p) => {
        await p.route("**/api/me", async (route) => (await meHeld, route.continue()));
      },
    });
    await page.keyboard.press("Tab"); // the skip link
    expect(await page.evaluate("document.activeElement.shadowRoot.activeElement.className")).toBe("skip");
    await page.keyboard.press("Enter");
    releaseMe();
    await expect
      .poll(() => page.evaluate("document.activeElement.shadowRoot.activeElement?.tagName"))
      .toBe("CYRENE-CHAT");
    await page.keyboard.type("Typed with the keyboard");
    await page.keyboard.press("Enter");
    await page.locator(".bubble", { hasText: "Typed with the keyboard" }).waitFor();
    await page.getByText("Sure.").first().waitFor();
  }, 60_000);
});
