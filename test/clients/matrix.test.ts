import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { runAiSdk, runOllamaNpm, type Checks } from "./js-clients.js";
import { clientsPython, runPythonClient } from "./python.js";
import { requestsWith, scenarioReply } from "./scenario-llm.js";

/**
 * The client matrix: real third-party clients drive Cyrene — the Python `openai` SDK, LangChain's
 * ChatOpenAI and the `ollama` Python client from a pinned venv (scripts/clients/venv.sh), the Vercel AI
 * SDK and the `ollama` npm client — through multi-turn Chinese conversations, client tools (one
 * abandoned), structured output and an upstream failure, against an LLM that enforces OpenAI's message
 * order. "retry": the failed turn reached the LLM once, whatever the client's own retries.
 */
let h: Harness;
const matrix: Record<string, Checks> = {};
beforeAll(async () => {
  h = await startHarness({ assist: true, env: { CYRENE_LLM_MAX_RETRIES: "0" } });
  h.llm.setFallback(scenarioReply);
  h.llm.strictOrder = true;
  await clientsPython();
}, 600_000);
afterAll(async () => {
  const columns = [
    "multi_turn",
    "stream",
    "tools",
    "abandoned_tool",
    "structured",
    "upstream_error",
    "retry",
  ];
  const rows = Object.entries(matrix).map(
    ([client, checks]) =>
      `| ${client} | ${columns.map((c) => (checks[c] === "ok" ? "✔" : "✘")).join(" | ")} |`,
  );
  console.log(
    [`| client | ${columns.join(" | ")} |`, `|${"---|".repeat(columns.length + 1)}`, ...rows].join("\n"),
  );
  await h?.close();
});

const CLIENTS = {
  "python openai": (tag: string) => runPythonClient("openai", urls(), tag),
  "langchain ChatOpenAI": (tag: string) => runPythonClient("langchain", urls(), tag),
  "python ollama": (tag: string) => runPythonClient("ollama", urls(), tag),
  "AI SDK 6": (tag: string) => runAiSdk(h.url, tag),
  "ollama npm": (tag: string) => runOllamaNpm(h.ollamaUrl, tag),
};
const urls = () => ({ cyrene: h.url, ollama: h.ollamaUrl });

describe("the client matrix", () => {
  for (const [client, run] of Object.entries(CLIENTS)) {
    it(`${client}: every check passes`, { timeout: 180_000 }, async () => {
      const tag = `t${Object.keys(matrix).length}`;
      const checks = await run(tag);
      const failures = h.llm.requests.filter((r) =>
        r.body.messages.at(-1)?.content?.toString().includes(`fail ${tag}`),
      );
      checks.retry =
        failures.length > 0 &&
        requestsWith(h.llm.requests, `fail ${tag}`) === (client.includes("ollama") ? 2 : 1)
          ? "ok"
          : `${failures.length} LLM requests for one failed turn`;
      matrix[client] = checks;
      expect(h.llm.orderViolations).toEqual([]);
      expect(checks).toEqual(Object.fromEntries(Object.keys(checks).map((k) => [k, "ok"])));
    });
  }
});
