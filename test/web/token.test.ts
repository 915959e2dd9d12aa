/** Standalone with CYRENE_API_TOKEN: the page asks for the token once, keeps it, forgets it on request. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { expectAccessible, launchBrowser, screenshot, UI_TIMEOUT } from "./support/browser.js";
import { startWebApp } from "./support/web-app.js";

const TOKEN = "s3cret-token-for-the-web-ui";
let h: Harness;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [h, browser] = await Promise.all([startWebApp({ env: { CYRENE_API_TOKEN: TOKEN } }), launchBrowser()]);
  h.llm.setFallback({ text: "Hello with a token." });
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await h?.close();
});

async function open(locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 }, locale });
  contexts.push(context);
  context.setDefaultTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await page.goto(h.url);
  return page;
}

const kept = (page: Page) => page.evaluate(`localStorage.getItem("cyrene.apiToken")`);

describe("the API token", () => {
  it("is asked for once, a wrong one is said so, it is kept, and it can be forgotten", async () => {
    const page = await open();
    const field = page.getByLabel("API token", { exact: true });
    await field.waitFor();
    // Nothing behind it is shown, nor the server's English error.
    expect(await page.getByRole("navigation").count()).toBe(0);
    expect(await page.getByText("Missing or invalid bearer token.").count()).toBe(0);
    await screenshot(page, "token");
    await expectAccessible(page, "the token form");

    await field.fill("not-the-token");
    await page.getByRole("button", { name: "Open Cyrene" }).click();
    await page.getByRole("alert").getByText("That token is not the one Cyrene was started with.").waitFor();
    expect(await kept(page)).toBeNull();

    await field.fill(TOKEN);
    await page.getByRole("button", { name: "Open Cyrene" }).click();
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill("Hi");
    await composer.press("Enter");
    await page.getByText("Hello with a token.").waitFor();
    expect(await kept(page)).toBe(TOKEN);

    // Kept: a reload goes straight to the app.
    await page.reload();
    await page.locator(".bubble", { hasText: "Hi" }).waitFor();
    expect(await page.getByLabel("API token", { exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Forget the API token kept in this browser" }).click();
    await page.getByLabel("API token", { exact: true }).waitFor();
    expect(await kept(page)).toBeNull();
    await page.reload();
    await page.getByLabel("API token", { exact: true }).waitFor();
  }, 90_000);

  it("asks again, saying why, when the kept token no longer works; and speaks Chinese", async () => {
    const page = await open("zh-CN");
    await page.getByRole("heading", { name: "Cyrene 的 API 令牌" }).waitFor();
    await page.evaluate(`localStorage.setItem("cyrene.apiToken", "an-old-token")`);
    await page.reload();
    await page.getByRole("heading", { name: "Cyrene 的 API 令牌" }).waitFor();
    await page.getByRole("alert").getByText("Cyrene 不再接受这个浏览器保存的令牌。").waitFor();
    await page.getByLabel("API 令牌").fill(TOKEN);
    await page.getByRole("button", { name: "打开 Cyrene" }).click();
    await page.getByRole("textbox", { name: "消息" }).waitFor();
    expect(await kept(page)).toBe(TOKEN);
  }, 60_000);
});
