import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ownHomeYaml } from "../fixtures/ha/core-yaml.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { describeHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { launchBrowser } from "../web/support/browser.js";
import { HaEvents } from "./support/ha-events.js";
import { addSubentry, createOllamaEntry, entityOfSubentry } from "./support/ollama-entry.js";

const SCREENSHOT = fileURLToPath(new URL("../../docs/images/ha-assist-dialog.png", import.meta.url));

/** An HA of its own with the frontend (the shared one has none: it starts faster without). */
function configurationYaml(port: number): string {
  const core = ownHomeYaml(port, "test/ha/assist-dialog.test.ts", "Cyrene Dialog Home");
  return `${core}frontend:\nassist_pipeline:\n`;
}

/**
 * HA's own Assist dialog in its real frontend, with Cyrene's turn through HA's Ollama integration: what a
 * person sees of a turn that calls a tool. The screenshot goes in DOCS.
 */
describeHa("HA's Assist dialog with a Cyrene turn", () => {
  let instance: HaInstance;
  let info: HaInfo;
  let h: Harness;
  let ws: HaEvents;
  let browser: Browser;

  beforeAll(async () => {
    [instance, browser] = await Promise.all([
      startHomeAssistant({ home: { configurationYaml } }),
      launchBrowser(),
    ]);
    info = { url: instance.url, wsUrl: instance.wsUrl, token: instance.token } as HaInfo;
    h = await startHarness({ assist: true, tools: testTools().tools });
    ws = await HaEvents.connect(info);
    const entryId = await createOllamaEntry(info, h.ollamaUrl);
    const agent = await entityOfSubentry(
      () => addSubentry(info, entryId, "conversation", { name: "Cyrene", model: "cyrene:latest" }),
      ws,
      entryId,
    );
    const pipeline = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
      name: "Cyrene",
      language: "en",
      conversation_engine: agent,
      conversation_language: "*",
      ...{ stt_engine: null, stt_language: null, tts_engine: null, tts_language: null, tts_voice: null },
      ...{ wake_word_entity: null, wake_word_id: null },
    });
    await ws.call("assist_pipeline/pipeline/set_preferred", { pipeline_id: pipeline.id });
  }, 300_000);
  afterAll(async () => {
    ws?.close();
    await browser?.close();
    await h?.close();
    await instance?.stop();
  });

  it(
    "shows a turn with a slow tool: the progress line and the answer, and nothing that looks like garbage",
    { timeout: 120_000 },
    async () => {
      // A tool slow enough for Cyrene's spoken progress lines (first after 1.2 s), then the answer.
      h.llm.script(
        { text: "Let me check.", toolCalls: [{ name: "sleep", arguments: { ms: 6_000, label: "checked" } }] },
        { text: "All checked: nothing needs your attention." },
      );
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await context.newPage();
      const tokens = JSON.stringify({
        access_token: instance.token,
        token_type: "Bearer",
        expires_in: 1_800_000,
        hassUrl: instance.url,
        clientId: `${instance.url}/`,
        expires: Date.now() + 1_800_000_000,
        refresh_token: "",
      });
      await page.addInitScript(`localStorage.setItem("hassTokens", ${JSON.stringify(tokens)})`);
      await page.goto(`${instance.url}/`);
      await page.waitForSelector("home-assistant", { timeout: 60_000 });
      // The frontend binds its "a" shortcut after it renders, and shows nothing that tells when: a pause.
      await page.waitForTimeout(5_000);
      await page.keyboard.press("a");
      const input = page.locator("ha-assist-chat ha-textfield input, ha-assist-chat input").first();
      await input.waitFor({ timeout: 30_000 });
      await input.fill("Check the house for me");
      await input.press("Enter");
      await page.getByText("nothing needs your attention").first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: SCREENSHOT });
      // The dialog's bubbles, read through the shadow roots (HA's components render into them).
      const shown = (await page.evaluate(`(() => {
      const deep = (node) => node.shadowRoot ? deep(node.shadowRoot) :
        [...node.childNodes].map((c) => c.nodeType === 3 ? c.textContent : c.nodeType === 1 ? deep(c) + (c.tagName === "P" || c.tagName === "BR" ? "\\n" : "") : "").join("");
      const chat = document.querySelector("home-assistant").shadowRoot.querySelector("ha-voice-command-dialog")?.shadowRoot?.querySelector("ha-assist-chat");
      return [...(chat?.shadowRoot?.querySelectorAll(".message") ?? [])].map((m) => deep(m).trim());
    })()`)) as string[];
      console.log(`\nHA's Assist dialog shows:\n${JSON.stringify(shown, null, 2)}\n`);
      await page.getByText("Working on it…").first().waitFor();
      expect(shown.slice(1, 2)).toEqual(["Check the house for me"]);
      const answer = shown.at(-1)!;
      expect(answer).toMatch(/^Let me check\.\n\nWorking on it…/);
      expect(answer).toContain("All checked: nothing needs your attention.");
      // The spaces that start HA's speech only end a line (the browser shows none); no markup leaks in.
      expect(answer).not.toMatch(/ {2,}\S|[<>*#`]/);
      await context.close();
    },
  );
});
