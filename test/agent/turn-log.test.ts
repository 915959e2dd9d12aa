import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCyrene, type Cyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { createLogger } from "../../src/logging/logger.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

/** Cyrene as in production, logging at info as JSON into `lines`. */
let llm: ScriptedLlm;
let cyrene: Cyrene;
let url: string;
let server: ReturnType<Cyrene["app"]["listen"]>;
let logged = "";
const dataDir = mkdtempSync(join(tmpdir(), "cyrene-turn-log-"));
const lines = () =>
  logged
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

beforeAll(async () => {
  llm = await ScriptedLlm.start();
  const sink = new PassThrough();
  sink.on("data", (chunk: Buffer) => (logged += chunk.toString()));
  const config = loadConfig({
    optionsPath: join(dataDir, "no-options.json"),
    env: {
      CYRENE_LLM_BASE_URL: llm.baseUrl,
      CYRENE_LLM_API_KEY: "k",
      CYRENE_DATA_DIR: dataDir,
      CYRENE_TIME_ZONE: "UTC",
      CYRENE_THINKER_ENABLED: "false",
      CYRENE_TRUST_USER_HEADERS: "true",
    },
  });
  cyrene = createCyrene(config, { logger: createLogger("info", { destination: sink, pretty: false }) });
  server = cyrene.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await cyrene.close();
  await llm.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the turn's log line", () => {
  it("is one info line: entry point, person, tools with targets and ✓/✗, rounds, tokens, cache hits, ms", async () => {
    llm.script(
      {
        toolCalls: [
          { name: "calculator", arguments: { expression: "3 km to miles" } },
          { name: "file", arguments: { operation: "read", path: "missing.txt" } },
        ],
        usage: { prompt_tokens_details: { cached_tokens: 900 } },
      },
      { text: "**1.86 miles**", usage: { prompt_tokens_details: { cached_tokens: 100 } } },
    );
    logged = "";
    const reply = await fetch(`${url}/api/chat`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-remote-user-id": "u-alice",
        "x-remote-user-name": "Alice",
      },
      body: JSON.stringify({ message: "how far is 3 km?" }),
    });
    expect(reply.status).toBe(200);
    const turnLines = lines().filter((line) => line.turn);
    expect(turnLines).toHaveLength(1);
    const [line] = turnLines;
    expect(line!.level).toBe(30);
    expect(line!.msg).toMatch(
      /^turn web · Alice · calculator\(3 km to miles\) ✓, file\(missing\.txt\) ✗ · 2 rounds · [\d,]+ in \/ [\d,]+ out tokens, 1,000 cached · [\d,]+ ms$/,
    );
    expect(line!.turn).toMatchObject({
      entry: "web",
      person: "Alice",
      status: "completed",
      rounds: 2,
      cachedTokens: 1000,
      tools: [
        { name: "calculator", target: "3 km to miles", ok: true },
        { name: "file", target: "missing.txt", ok: false },
      ],
    });
    // Nothing else at info for an ordinary turn: the requests and the calls are debug.
    expect(lines().filter((l) => !l.turn && (l.level as number) >= 30)).toEqual([]);
  });

  it("says how a failed turn ended", async () => {
    llm.script({ status: 401 });
    logged = "";
    await fetch(`${url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "hi" }),
    });
    const line = lines().find((l) => l.turn)!;
    expect(line.msg).toMatch(
      /^turn web · — · no tools · 1 round · .* · failed: The language model at .* \(401\)/,
    );
  });
});
