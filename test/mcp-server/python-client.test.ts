import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientsPython } from "../clients/python.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";

const run = promisify(execFile);

/** Cyrene's /mcp driven by the official Python MCP SDK (`mcp` 1.26.0, as HA's own integrations pin it). */
describe("Cyrene's /mcp with the official Python SDK client", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      assist: true,
      tools: testTools().tools,
      env: { CYRENE_TOOL_TIMEOUT_SECONDS: "1" },
    });
  });
  afterAll(() => h?.close());

  it(
    "initializes, lists, calls, answers errors, hands a slow call off, and speaks HTTP+SSE",
    { timeout: 600_000 },
    async () => {
      const script = join(import.meta.dirname, "python_mcp_client.py");
      const { stdout } = await run(await clientsPython(), [script, `${h.ollamaUrl}/mcp`], {
        timeout: 120_000,
        env: { ...process.env, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" },
      });
      const results = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, string>;
      expect(results).toEqual({
        initialize: "ok",
        list: "ok",
        call: "ok",
        error: "ok",
        background: "ok",
        sse: "ok",
      });
    },
  );
});
