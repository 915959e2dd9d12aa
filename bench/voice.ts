/**
 * What a voice user hears, through a real Home Assistant's Assist pipeline (`assist_pipeline/run`, text in,
 * HA's Ollama integration against Cyrene's port, a Wyoming TTS that takes streamed text): when HA's TTS
 * gets its first words, after the run's start and after the LLM's first token, and the longest time
 * without new words after that; for a quick command, a slow web search (SearXNG answering after 7 s) with
 * a silent model, and the same after the model's preamble; in Chinese and English; with spoken progress
 * on and off (`assist_spoken_progress`). Targets: first words at most 1.5 s after the LLM's first token
 * when a tool is slow; no silence over 4 s once speaking; a quick command unchanged (no filler, +20 ms).
 */
import { HA_FIXTURE } from "../test/fixtures/ha/fixture.js";
import { startHomeAssistant, type HaInstance } from "../test/fixtures/ha/instance.js";
import type { HaInfo } from "../test/fixtures/ha/use-ha.js";
import { startWebFixture } from "../test/fixtures/web/server.js";
import { WyomingTts } from "../test/fixtures/wyoming-tts/server.js";
import { addWyomingEntry } from "../test/assist/wyoming/ha-assist.js";
import { HaEvents } from "../test/ha/support/ha-events.js";
import { addSubentry, createOllamaEntry, entityOf, untilReady } from "../test/ha/support/ollama-entry.js";
import { runVoicePipeline, speechTimes, spokenText, VOICE_CASES } from "../test/ha/support/voice-pipeline.js";
import type { Reply } from "../test/fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../test/support/harness.js";
import { ms, printTable, summarize } from "./stats.js";

const SLOW_SEARCH_MS = 7_000;

type Case = "quick command" | "slow tool, silent model" | "slow tool after the model's preamble";

interface Sample {
  firstMs: number;
  /** The first words after the LLM's first token (the scripted LLM answers at once). */
  afterLlmMs: number;
  longestSilenceMs: number;
  said: string;
}

export async function benchVoice(slowIterations = 2, quickIterations = 10): Promise<void> {
  let instance: HaInstance;
  try {
    instance = await startHomeAssistant();
  } catch (error) {
    console.log(`\nVoice table skipped: no Home Assistant (${String(error).split("\n")[0]})`);
    return;
  }
  const info: HaInfo = {
    url: instance.url,
    wsUrl: instance.wsUrl,
    token: instance.token,
    version: instance.version,
    fixture: HA_FIXTURE,
    controlUrl: "",
  };
  const web = await startWebFixture();
  const tts = await WyomingTts.start({ streaming: true });
  const ws = await HaEvents.connect(info);
  const harnesses: Harness[] = [];
  try {
    const ttsEntity = (await addWyomingEntry(info, tts.port, "tts")).entityId;
    const rows: string[][] = [];
    const words: string[] = [];
    // Progress off and on: two Cyrenes, two agents of HA's; their runs interleaved so drift hits both alike.
    const modes: { progress: boolean; h: Harness; agent: string; samples: Sample[] }[] = [];
    for (const progress of [false, true]) {
      const h = await startHarness({
        assist: true,
        env: {
          CYRENE_LOG_LEVEL: "silent",
          CYRENE_HA_URL: info.url,
          CYRENE_HA_TOKEN: info.token,
          CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1",
          CYRENE_SEARXNG_URL: `${web.origin}/searxng-slow-${SLOW_SEARCH_MS}`,
          CYRENE_ASSIST_SPOKEN_PROGRESS: String(progress),
        },
      });
      harnesses.push(h);
      const entryId = await createOllamaEntry(info, h.ollamaUrl);
      await addSubentry(info, entryId, "conversation", {
        name: `Cyrene voice bench ${progress ? "on" : "off"}`,
        model: "cyrene:latest",
      });
      const agent = await entityOf(ws, entryId, "conversation");
      await untilReady(h, info, agent);
      modes.push({ progress, h, agent, samples: [] });
    }

    for (const c of VOICE_CASES) {
      const search = { toolCalls: [{ name: "web_search", arguments: { query: c.query } }] };
      const light = { name: "iot_control", arguments: { service: "light.turn_on", target: "客厅灯" } };
      const turns: [Case, string, Reply[], number][] = [
        ["quick command", c.command, [{ toolCalls: [light] }, { text: c.done }], quickIterations],
        ["slow tool, silent model", c.question, [search, { text: c.answer }], slowIterations],
        [
          "slow tool after the model's preamble",
          c.question,
          [{ ...search, text: c.preamble }, { text: c.answer }],
          slowIterations,
        ],
      ];
      for (const [name, text, [firstReply, ...rest], n] of turns) {
        for (const mode of modes) mode.samples = [];
        // The first round warms HA's pipeline and the connections.
        for (let i = 0; i < n + 1; i++) {
          for (const { h, agent, samples } of modes) {
            h.llm.reset();
            let llmAt = Number.NaN;
            // The scripted LLM answers the moment it is asked: its first token is the first request's arrival.
            h.llm.script(
              () => {
                llmAt = performance.now();
                return firstReply!;
              },
              ...rest,
            );
            const run = await runVoicePipeline(ws, tts, { agent, ttsEntity, language: c.language, text });
            const times = speechTimes(run);
            if (i === 0) continue;
            samples.push({
              firstMs: times.firstMs,
              afterLlmMs: times.firstMs - (llmAt - run.startedAt),
              longestSilenceMs: times.longestSilenceMs,
              said: spokenText(run),
            });
          }
        }
        for (const { progress, samples } of modes) {
          const first = summarize(samples.map((s) => s.firstMs));
          const after = summarize(samples.map((s) => s.afterLlmMs));
          const silence = Math.max(...samples.map((s) => s.longestSilenceMs));
          const label = progress ? "on" : "off";
          rows.push([
            c.language,
            name,
            label,
            ms(first.p50),
            ms(after.p50),
            ms(silence),
            String(samples.length),
          ]);
          words.push(`  [${c.language}, ${name}, progress ${label}] ${samples.at(-1)!.said}`);
        }
      }
    }
    printTable(
      "Voice through HA's Assist pipeline (assist_pipeline/run → HA's Ollama integration → Cyrene → Wyoming TTS " +
        `taking streamed text); SearXNG answers after ${SLOW_SEARCH_MS / 1000} s; progress = assist_spoken_progress`,
      [
        "language",
        "turn",
        "progress",
        "first words p50 ms",
        "after LLM's 1st token p50 ms",
        "longest silence after, max ms",
        "runs",
      ],
      rows,
    );
    console.log(`\nWhat HA's TTS got, word for word:\n${words.join("\n")}`);
  } finally {
    ws.close();
    for (const h of harnesses) await h.close();
    await tts.close();
    await web.close();
    await instance.stop();
  }
}
