/** Cyrene with its built web UI and tools for the browser tests, on a random loopback port. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { z } from "zod";
import { defineTool } from "../../../src/tools/define-tool.js";
import { startHarness, type Harness, type HarnessOptions } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { UI_TIMEOUT } from "./browser.js";
import { ensureWebBuilt } from "./web-build.js";

/** Answers like iot_control when an action needs the user's yes. */
export const doorLock = defineTool({
  name: "door_lock",
  description: "Locks or unlocks a door (asks for confirmation to unlock).",
  parameters: z.object({ door: z.string(), action: z.enum(["lock", "unlock"]) }),
  execute: ({ door, action }) => ({
    status: "confirmation_required",
    confirmation_id: "c_test_1",
    would: `${action} the ${door}`,
    reason: "needs the user's confirmation because it opens the home",
  }),
});

export async function startWebApp(options: HarnessOptions = {}): Promise<Harness> {
  await ensureWebBuilt();
  return startHarness({
    ...options,
    tools: [...testTools().tools, doorLock, ...(options.tools ?? [])],
    env: {
      CYRENE_TRUST_USER_HEADERS: "true",
      // Reminders need HA configured; an HA that is away is enough for them to be accepted and listed.
      CYRENE_HA_URL: "http://127.0.0.1:9",
      CYRENE_HA_TOKEN: "test-token",
      ...options.env,
    },
  });
}

export const person = (id: string, name: string) => ({
  "X-Remote-User-Id": id,
  "X-Remote-User-Name": name.toLowerCase(),
  "X-Remote-User-Display-Name": name,
});

/** A page of its own context, as Ada (the trusted user headers), in the tests' zone; the context is kept to close. */
export async function pageAsAda(
  browser: Browser,
  contexts: BrowserContext[],
  options: { width: number; height: number; locale: string },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    locale: options.locale,
    timezoneId: "Asia/Shanghai",
    extraHTTPHeaders: person("u-ada", "Ada Lovelace"),
  });
  contexts.push(context);
  context.setDefaultTimeout(UI_TIMEOUT);
  return context.newPage();
}
