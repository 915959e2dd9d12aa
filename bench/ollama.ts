/**
 * What the Ollama-compatible API (HA's Ollama integration) adds to a turn: the same one-round turn,
 * streamed, as HA sends it to /api/chat (its system prompt, `tools: []`, speech cleaning on the way
 * out) and as an OpenAI client sends it to Cyrene's /v1/chat/completions, both in front of the same
 * scripted server, interleaved so drift hits both alike; with the time to the first streamed line.
 */
import { startHarness } from "../test/support/harness.js";
import { ms, printTable, summarize } from "./stats.js";

const ANSWER = "The living room light is on now. 客厅灯已经打开了，亮度百分之六十。 Anything else?";
const HA_SYSTEM =
  "You are a voice assistant for Home Assistant.\nAnswer questions about the world truthfully.\n" +
  "Answer in plain text. Keep it simple and to the point.\n\nCurrent time is 14:03:22. Today's date is 2026-02-20.";

interface Timed {
  firstMs: number;
  totalMs: number;
  text: string;
}

/** Reads a streamed body, noting when the first piece with `marker` in it arrives. */
async function timedStream(url: string, body: unknown, marker: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) throw new Error(`${url} -> ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = "";
  let firstMs = -1;
  for await (const chunk of res.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (firstMs < 0 && text.includes(marker)) firstMs = performance.now() - started;
  }
  return { firstMs, totalMs: performance.now() - started, text };
}

export async function benchOllama(iterations: number): Promise<void> {
  const harness = await startHarness({ assist: true, env: { CYRENE_LOG_LEVEL: "silent" } });
  try {
    harness.llm.setFallback({ text: ANSWER, pieceSize: 6 });
    let n = 0;
    const ollama = () =>
      timedStream(
        `${harness.ollamaUrl}/api/chat`,
        {
          model: "cyrene:latest",
          stream: true,
          options: { num_ctx: 8192 },
          keep_alive: "-1s",
          messages: [
            { role: "system", content: HA_SYSTEM },
            { role: "user", content: `Turn on the living room light (${n++})` },
          ],
          tools: [],
        },
        '"content":"T',
      );
    const v1 = () =>
      timedStream(
        `${harness.url}/v1/chat/completions`,
        {
          model: "cyrene",
          stream: true,
          messages: [
            { role: "system", content: HA_SYSTEM },
            { role: "user", content: `Turn on the living room light (${n++})` },
          ],
        },
        '"content":"T',
      );

    const samples = { v1: [] as Timed[], ollama: [] as Timed[] };
    const warmup = Math.min(50, iterations);
    for (let i = 0; i < iterations + warmup; i++) {
      for (const [name, run] of [
        ["v1", v1],
        ["ollama", ollama],
      ] as const) {
        const timed = await run();
        if (i >= warmup) samples[name].push(timed);
      }
    }
    const total = (name: keyof typeof samples) => summarize(samples[name].map((s) => s.totalMs));
    const first = (name: keyof typeof samples) => summarize(samples[name].map((s) => s.firstMs));
    const row = (label: string, name: keyof typeof samples) => {
      const t = total(name);
      const f = first(name);
      return [label, ms(t.mean), ms(t.p50), ms(t.p99), ms(f.p50), ms(f.p99)];
    };
    printTable(
      `A one-round streamed turn (${[...ANSWER].length} characters in pieces of 6) through Cyrene, as an OpenAI ` +
        `client sends it to /v1 and as HA's Ollama integration sends it to /api/chat; ${iterations} turns each, interleaved`,
      ["path", "mean ms", "p50 ms", "p99 ms", "first text p50 ms", "first text p99 ms"],
      [
        row("client → Cyrene /v1/chat/completions (SSE) → scripted LLM", "v1"),
        row("HA-shaped → Cyrene /api/chat (NDJSON, spoken) → scripted LLM", "ollama"),
      ],
    );
    console.log(
      `\nThe Ollama API adds ${ms(total("ollama").p50 - total("v1").p50)} ms p50 per turn against /v1; ` +
        `its first NDJSON line with text comes ${ms(first("ollama").p50)} ms p50 after the request ` +
        `(/v1's first content chunk: ${ms(first("v1").p50)} ms).`,
    );
  } finally {
    await harness.close();
  }
}
