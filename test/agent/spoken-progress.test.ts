import { describe, expect, it } from "vitest";
import { describeCall } from "../../src/agent/call-progress.js";
import { speechFor } from "../../src/words/speech-for.js";

const words = (language: string) => speechFor(language).progress;
import type { AgentEvent } from "../../src/agent/events.js";
import { SpokenProgress } from "../../src/agent/spoken-progress.js";
import { HaSpeech, STREAM_RESPONSE_CHARS, withoutProgress } from "../../src/http/ha-speech.js";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Short times, the same order as the voice ones: the sequence is tested, not the clock. */
const TIMING = { firstMs: 60, gapMs: 150, quietMs: 30 };
const search = (query: string): AgentEvent => ({
  type: "tool_started",
  callId: "c1",
  name: "web_search",
  arguments: JSON.stringify({ query }),
});

describe("describeCall: what a running call is doing, in the user's language", () => {
  it.each([
    ["web_search", { query: "明天上海的天气" }, "zh", "正在网上搜索明天上海的天气…"],
    [
      "web_search",
      { query: "tomorrow's weather in Shanghai" },
      "en",
      "Searching the web for tomorrow's weather in Shanghai…",
    ],
    ["web_fetch", { url: "https://www.example.com/a/b?c" }, "en", "Reading example.com…"],
    ["iot_query", { query: "客厅灯" }, "zh", "正在查看客厅灯…"],
    ["iot_control", { service: "light.turn_on", target: "客厅灯" }, "en", "Taking care of 客厅灯…"],
    ["knowledge_search", { query: "洗衣机说明书" }, "zh", "正在知识库中查找洗衣机说明书…"],
    ["web_search", {}, "en", "Searching the web…"],
    ["weather__forecast", { city: "上海" }, "zh", "正在处理…"],
    ["weather__forecast", { city: "Shanghai" }, "en", "Working on it…"],
    [
      "web_search",
      { query: "Wetter morgen in Berlin" },
      "de",
      "Ich suche im Netz nach Wetter morgen in Berlin…",
    ],
    ["iot_control", { target: "Stehlampe" }, "de", "Ich kümmere mich um Stehlampe…"],
    ["iot_control", { target: "lampe du salon" }, "fr", "Je m'occupe de lampe du salon…"],
    ["iot_control", { target: "éclairage" }, "fr", "Je m'occupe d'éclairage…"],
    ["reminder_list", {}, "fr", "Je regarde vos rappels…"],
    ["weather__forecast", {}, "de", "Ich bin dran…"],
    ["web_search", {}, "nl", "Searching the web…"],
  ] as const)("%s %j in %s → %s", (name, args, language, line) => {
    expect(describeCall(name, JSON.stringify(args), words(language))).toBe(line);
  });

  it("says a long or odd argument short and plain", () => {
    const line = describeCall(
      "web_search",
      JSON.stringify({ query: `"${"很长的问题".repeat(20)}"` }),
      words("zh"),
    );
    expect([...line].length).toBeLessThanOrEqual(48);
    expect(line).not.toMatch(/"/);
    expect(describeCall("web_search", "{not json", words("en"))).toBe("Searching the web…");
  });
});

/** A SpokenProgress whose every line is heard at once (as HA hears a padded line), and what it said. */
function heard(language: "en" | "zh" | "de" | "fr") {
  const said: string[] = [];
  const progress: SpokenProgress = new SpokenProgress(
    words(language),
    (line) => {
      said.push(line);
      progress.spoke();
    },
    TIMING,
  );
  return { progress, said };
}

describe("SpokenProgress", () => {
  it("says nothing in a quick turn", async () => {
    const said: string[] = [];
    const progress = new SpokenProgress(words("zh"), (line) => said.push(line), TIMING);
    progress.observe({ type: "text", text: "已经打开客厅灯。" });
    progress.observe({
      type: "final",
      text: "已经打开客厅灯。",
      rounds: 1,
      usage: { promptTokens: 0, completionTokens: 0 },
    } as AgentEvent);
    await wait(TIMING.firstMs * 3);
    expect(said).toEqual([]);
  });

  it("describes the running call, then keeps the line from going silent until the turn ends", async () => {
    const { progress, said } = heard("en");
    progress.observe(search("tomorrow's weather in Shanghai"));
    await wait(TIMING.firstMs + TIMING.gapMs + 60);
    progress.close();
    await wait(TIMING.gapMs * 2);
    expect(said).toEqual(["Searching the web for tomorrow's weather in Shanghai…", "Still working on it…"]);
  });

  it("waits for the model's own sentence to pause, and counts the silence from its last words once speaking", async () => {
    const said: string[] = [];
    const progress = new SpokenProgress(words("zh"), (line) => said.push(line), TIMING);
    // The model's preamble is heard (the entry point says so), then a slow call.
    progress.observe({ type: "text", text: "好的，我帮你查一下明天上海的天气预报。" });
    progress.spoke();
    progress.observe(search("明天上海的天气"));
    await wait(TIMING.firstMs + 20);
    expect(said).toEqual([]);
    await wait(TIMING.gapMs);
    expect(said).toEqual(["正在网上搜索明天上海的天气…"]);
    progress.close();
  });

  it("says what it waits for when the model is slow, before and after the tools", async () => {
    const { progress, said } = heard("en");
    await wait(TIMING.firstMs + 20);
    progress.observe(search("tomorrow's weather in Shanghai"));
    progress.observe({
      type: "tool_finished",
      callId: "c1",
      name: "web_search",
      durationMs: 100,
      result: { success: true, data: {} },
    });
    await wait(TIMING.gapMs + 40);
    progress.close();
    expect(said).toEqual(["Let me think…", "Putting the answer together…"]);
  });

  it("tells of the hand-off to the background when the model is slow to say it", async () => {
    const { progress, said } = heard("zh");
    progress.observe(search("明天上海的天气"));
    await wait(TIMING.firstMs + 20);
    progress.observe({
      type: "tool_finished",
      callId: "c1",
      name: "web_search",
      durationMs: 8000,
      result: { success: true, data: {} },
      background: { jobId: "j1" },
    });
    await wait(TIMING.gapMs + 40);
    progress.close();
    expect(said).toEqual(["正在网上搜索明天上海的天气…", "这要花点时间，好了我再告诉你。"]);
  });
});

describe("HaSpeech: what makes HA start speaking", () => {
  it("pads a short line past HA's 60 characters, and finds it again in what HA sends back", () => {
    const speech = new HaSpeech();
    expect(speech.sent("好的，")).toBe(false);
    const content = speech.progress("正在网上搜索明天上海的天气…");
    expect([...("好的，" + content)].length).toBeGreaterThan(STREAM_RESPONSE_CHARS);
    expect(speech.sent(content)).toBe(true);
    const further = speech.progress("还在处理，稍等一下…");
    const answer = "明天上海多云，十五到二十二度。";
    expect(withoutProgress(`好的，${content}${further}${answer}`)).toBe(`好的，\n${answer}`);
    expect(withoutProgress(`${content}${answer}`)).toBe(answer);
    expect(withoutProgress(answer)).toBe(answer);
  });
});
