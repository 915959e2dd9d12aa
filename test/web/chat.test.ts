/** The chat in a real browser: streaming, tool cards, Markdown, stop, confirmation, history and reload. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { expectAccessible, launchBrowser, screenshot, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [h, browser] = await Promise.all([startWebApp(), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

beforeEach(async () => {
  h.llm.reset();
  await context?.close();
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    colorScheme: "light",
    extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  page = await context.newPage();
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
});

async function send(text: string): Promise<void> {
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
}

const toolCard = (name: string) => page.locator(`.tool[data-tool="${name}"]`);

describe("the chat", () => {
  it("streams the reply, shows each tool call as a card, and renders Markdown", async () => {
    h.llm.script(
      {
        text: "Adding the numbers now.",
        toolCalls: [
          { name: "sleep", arguments: { ms: 4000, label: "warmed up" } },
          { name: "add", arguments: { a: 2, b: 3 } },
        ],
      },
      { text: "**The sum is 5.**\n\n- first I warmed up\n- then `add` said 2 + 3 = 5" },
    );
    await page.goto(h.url);
    await expect.poll(() => page.title()).toBe("Cyrene");
    await expect.poll(() => page.locator(".person-name").textContent()).toBe("Ada Lovelace");
    await send("What is 2 + 3?");

    // While the slow tool runs, the first round's text is already on screen and the turn can be stopped.
    await page.getByText("Adding the numbers now.").waitFor();
    await toolCard("sleep").getByText("running").first().waitFor();
    await page.getByRole("button", { name: "Stop" }).waitFor();

    await page.locator(".markdown strong", { hasText: "The sum is 5." }).waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    await expect
      .poll(() => page.locator(".markdown li").allTextContents())
      .toEqual(["first I warmed up", "then add said 2 + 3 = 5"]);
    expect(await page.locator(".markdown li code").textContent()).toBe("add");

    const add = toolCard("add");
    expect(await add.locator(".chip").textContent()).toContain("done");
    expect(await add.locator(".duration").textContent()).toMatch(/\d+ ms|\d+(\.\d)? s/);
    // One plain line; the raw arguments and result only behind Details.
    expect(await add.locator(".tool-summary").innerText()).toBe("Used add: a 2, b 3");
    expect(await add.innerText()).not.toMatch(/[{}]|":/);
    expect(await add.locator(".tool-arguments").isVisible()).toBe(false);
    await add.getByText("Details").click();
    expect(JSON.parse((await add.locator(".tool-arguments").textContent())!)).toEqual({ a: 2, b: 3 });
    expect(JSON.parse((await add.locator(".tool-result").textContent())!)).toEqual({ sum: 5 });
    expect(await toolCard("sleep").locator(".duration").textContent()).toMatch(/s$/);

    // The conversation is listed with its title, and it is the current one.
    await page.locator(".conversations li.current", { hasText: "What is 2 + 3?" }).waitFor();
    expect(page.url()).toMatch(/#\/chat\/[\w-]+$/);
    await screenshot(page, "chat");
    await expectAccessible(page, "the chat");

    // Reload: the same conversation, with its tool cards, from the server.
    await page.reload();
    await page.locator(".markdown strong", { hasText: "The sum is 5." }).waitFor();
    await page.getByText("What is 2 + 3?", { exact: true }).first().waitFor();
    expect(await toolCard("add").count()).toBe(1);
    expect(await toolCard("add").locator(".chip").textContent()).toContain("done");
    expect(await toolCard("sleep").count()).toBe(1);

    // Opening the app again without an address goes on with the person's last conversation.
    const id = page.url().split("#/chat/")[1];
    await page.goto(h.url);
    await page.locator(".markdown strong", { hasText: "The sum is 5." }).waitFor();
    expect(page.url()).toContain(`#/chat/${id}`);
  }, 120_000);

  it("sanitizes what the Markdown holds: no script, no handler, no javascript: link, no remote image", async () => {
    h.llm.script({
      text:
        'Here:\n\n<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>' +
        "[a link](javascript:window.hacked=3) ![tracker](https://tracker.example/pixel.png?q=secret) " +
        '<a href="https://example.com" onclick="window.hacked=4">safe</a>',
    });
    await page.goto(`${h.url}/#/chat`);
    await send("Show me something odd");
    const reply = page.locator(".markdown", { hasText: "Here:" });
    await reply.waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    expect(await page.evaluate("window.hacked")).toBeUndefined();
    expect(await reply.locator("img, script, [onerror], [onclick]").count()).toBe(0);
    expect(await reply.locator('a[href^="javascript"]').count()).toBe(0);
    // The remote image is a link, not a request the page makes by showing it.
    expect(await reply.locator('a[href^="https://tracker.example/"]').textContent()).toBe("tracker");
    expect(await reply.locator('a[href="https://example.com"]').getAttribute("rel")).toBe(
      "noopener noreferrer",
    );
  }, 60_000);

  it("stops a reply with the stop button or Escape, and the server ends the turn", async () => {
    h.llm.script({ text: "Let me write you a very long story about the sea", stallAfterEvents: 4 });
    await page.goto(`${h.url}/#/chat`);
    await send("Tell me a long story");
    await page.getByText("Let me write").waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByText("Stopped.").waitFor();
    await page.getByRole("textbox", { name: "Message" }).waitFor();

    h.llm.script({ text: "Another story", stallAfterEvents: 3 });
    await send("And another");
    await page.getByText("Another").first().waitFor();
    await page.locator("#composer").press("Escape");
    await expect.poll(() => page.getByText("Stopped.").count()).toBe(2);

    h.llm.script({ text: "Fine, a short one." });
    await send("A short one then");
    await page.getByText("Fine, a short one.").waitFor();
  }, 90_000);

  it("asks the user to confirm an action and sends the answer as the next message", async () => {
    h.llm.script(
      { toolCalls: [{ name: "door_lock", arguments: { door: "front door", action: "unlock" } }] },
      { text: "This needs your confirmation: unlock the front door?" },
      { text: "Done: the front door is unlocked." },
    );
    await page.goto(`${h.url}/#/chat`);
    await send("Unlock the front door");
    const question = page.getByRole("group", { name: "Should I unlock the front door?" });
    await question.waitFor();
    await page.getByText("This needs your confirmation").waitFor();
    const card = toolCard("door_lock");
    expect(await card.locator(".tool-summary").innerText()).toBe("Unlock the front door");
    expect(await card.locator(".chip").innerText()).toBe("waiting for your yes");
    await question.getByRole("button", { name: "Yes" }).click();
    await page.getByText("Done: the front door is unlocked.").waitFor();
    const last = h.llm.requests.at(-1)!.body.messages.at(-1)!;
    expect(last).toEqual({ role: "user", content: "yes" });
    await question.getByText("Answered.").waitFor();
    expect(await card.locator(".chip").innerText()).toBe("asked you");
    expect(await question.getByRole("button").count()).toBe(0);
  }, 90_000);

  it("lists, searches, opens and deletes conversations", async () => {
    h.llm.setFallback({ text: "Noted." });
    await page.goto(`${h.url}/#/chat`);
    await send("Remember the blue teapot");
    await page.getByText("Noted.").waitFor();
    await page.getByRole("button", { name: "New chat" }).click();
    await expect.poll(() => page.locator(".message").count()).toBe(0);
    await send("Something about gardening");
    await expect.poll(() => page.getByText("Noted.").count()).toBe(1);
    await page.locator(".conversations li", { hasText: "Something about gardening" }).waitFor();

    await page.getByRole("searchbox", { name: "Search conversations" }).fill("teapot");
    await expect
      .poll(() => page.locator(".conversations .title").allTextContents())
      .toEqual(["Remember the blue teapot"]);
    await page.locator(".conversations a", { hasText: "Remember the blue teapot" }).click();
    await page.locator(".bubble", { hasText: "Remember the blue teapot" }).waitFor();

    await page.getByRole("button", { name: "Delete conversation “Remember the blue teapot”" }).click();
    await page.getByRole("group").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Nothing matches “teapot”.").waitFor();
    await expect.poll(() => page.locator(".message").count()).toBe(0);
    const listed = (await (
      await fetch(`${h.url}/api/conversations?q=teapot`, {
        headers: person("u-ada", "Ada Lovelace"),
      })
    ).json()) as { conversations: unknown[] };
    expect(listed.conversations).toEqual([]);
  }, 90_000);

  it("shows an error the server answers, and works on a phone", async () => {
    h.llm.script({ status: 400 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${h.url}/#/chat`);
    await send("Hello?");
    await page.getByRole("alert").first().waitFor();
    expect(await page.getByRole("alert").first().textContent()).toMatch(/\S/);
    // The conversation list is behind a button on a narrow screen.
    const toggle = page.getByRole("button", { name: "Conversations" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await page.getByRole("button", { name: "New chat" }).waitFor();
    await page.getByRole("button", { name: "Hide conversations" }).click();
    await screenshot(page, "chat-phone");
    await expectAccessible(page, "the chat on a phone");
  }, 90_000);
});
