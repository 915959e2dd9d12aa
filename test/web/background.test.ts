/** A tool call that outlives the time limit goes on in the background; its late result shows when it comes. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { launchBrowser, screenshot, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [h, browser] = await Promise.all([
    startWebApp({ env: { CYRENE_TOOL_TIMEOUT_SECONDS: "1" } }),
    launchBrowser(),
  ]);
  const context = await browser.newContext({
    viewport: { width: 1100, height: 800 },
    locale: "en-US",
    extraHTTPHeaders: person("u-grace", "Grace Hopper"),
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  page = await context.newPage();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe("a background tool call", () => {
  it("shows as running in the background, then its late result arrives in the card", async () => {
    h.llm.script(
      { toolCalls: [{ name: "sleep", arguments: { ms: 3500, label: "the slow answer" } }] },
      { text: "That takes a while; it goes on in the background." },
    );
    await page.goto(`${h.url}/#/chat`);
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill("Do the slow thing");
    await composer.press("Enter");

    const card = page.locator('.tool[data-tool="sleep"]');
    await page.getByText("it goes on in the background").waitFor();
    await card.getByText("running in the background").waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();

    // No further message needed: the page asks for the conversation's jobs while one runs.
    await card.getByText("finished in the background").waitFor({ timeout: 30_000 });
    const late = page.locator(".late", { hasText: "Finished in the background: Used sleep: ms 3500" });
    await late.waitFor();
    expect(await late.innerText()).not.toMatch(/[{}]|":/);
    await card.getByText("Details").click();
    expect(JSON.parse((await card.locator(".tool-late-result").textContent())!)).toEqual({
      label: "the slow answer",
      slept_ms: 3500,
    });
    await screenshot(page, "chat-background");

    // The next turn hands the result to the LLM; the page does not show it twice.
    h.llm.script({ text: "It said: the slow answer." });
    await composer.fill("What did it say?");
    await composer.press("Enter");
    await page.getByText("It said: the slow answer.").waitFor();
    expect(await page.locator(".late").count()).toBe(1);
    expect(JSON.stringify(h.llm.requests.at(-1)!.body.messages)).toContain("the slow answer");

    // After a reload the card still has its late result, from the stored job.
    await page.reload();
    await page.getByText("It said: the slow answer.").waitFor();
    await card.getByText("finished in the background").waitFor();
  }, 120_000);
});
