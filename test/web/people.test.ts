/** Behind HA's ingress each person (X-Remote-User-Id) sees their own conversations and their own name. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { launchBrowser, UI_TIMEOUT } from "./support/browser.js";
import { person, startWebApp } from "./support/web-app.js";

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  [h, browser] = await Promise.all([startWebApp(), launchBrowser()]);
  h.llm.setFallback({ text: "Got it." });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function signIn(id: string, name: string) {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 760 },
    locale: "en-US",
    extraHTTPHeaders: person(id, name),
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  await page.goto(`${h.url}/#/chat`);
  await page.locator(".person-name", { hasText: name }).waitFor();
  return page;
}

describe("two people", () => {
  it("don't see each other's conversations", async () => {
    const alice = await signIn("u-alice", "Alice");
    const bob = await signIn("u-bob", "Bob");

    await alice.getByRole("textbox", { name: "Message" }).fill("Alice's secret plan");
    await alice.getByRole("textbox", { name: "Message" }).press("Enter");
    await alice.getByText("Got it.").waitFor();
    await alice.locator(".conversations li", { hasText: "Alice's secret plan" }).waitFor();
    const aliceConversation = alice.url().split("#/chat/")[1]!;
    expect(aliceConversation).toBeTruthy();

    await bob.getByRole("textbox", { name: "Message" }).fill("Bob's shopping list");
    await bob.getByRole("textbox", { name: "Message" }).press("Enter");
    await bob.locator(".conversations li", { hasText: "Bob's shopping list" }).waitFor();
    await bob.reload();
    await bob.locator(".conversations li", { hasText: "Bob's shopping list" }).waitFor();
    expect(await bob.locator(".conversations .title").allTextContents()).toEqual(["Bob's shopping list"]);
    await alice.reload();
    await alice.locator(".conversations li", { hasText: "Alice's secret plan" }).waitFor();
    expect(await alice.locator(".conversations .title").allTextContents()).toEqual(["Alice's secret plan"]);

    // Alice's conversation, opened by its address in Bob's browser, is not there for him.
    await bob.goto(`${h.url}/#/chat/${aliceConversation}`);
    await bob.getByText("This conversation is no longer there.").waitFor();
    expect(await bob.getByText("Alice's secret plan").count()).toBe(0);

    // Each one's "last conversation" is their own: opening the app again, Bob gets his.
    await bob.goto(h.url);
    await bob.locator(".bubble", { hasText: "Bob's shopping list" }).waitFor();
  }, 120_000);
});
