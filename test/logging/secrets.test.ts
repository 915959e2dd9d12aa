import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { createLogger } from "../../src/logging/logger.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";

const SECRETS = { llm: "sk-llm-secret-0001", api: "api-secret-0002", ha: "ha-secret-0003" };
let llm: ScriptedLlm;
let logged = "";

beforeAll(async () => {
  llm = await ScriptedLlm.start();
});
afterAll(() => llm.close());

describe("logs", () => {
  it("never contain the API key, the API token or the HA token, even at trace level", async () => {
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    const logger = createLogger("trace", { destination: sink, secrets: Object.values(SECRETS) });
    const config = loadConfig({
      optionsPath: "/nonexistent/options.json",
      env: {
        CYRENE_LLM_BASE_URL: llm.baseUrl,
        CYRENE_LLM_API_KEY: SECRETS.llm,
        CYRENE_API_TOKEN: SECRETS.api,
        CYRENE_HA_URL: "http://127.0.0.1:9",
        CYRENE_HA_TOKEN: SECRETS.ha,
        CYRENE_DATA_DIR: mkdtempSync(join(tmpdir(), "cyrene-log-")),
      },
    });
    const cyrene = createCyrene(config, { logger });
    logger.info({ config }, "configuration");
    const server = cyrene.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    llm.script(
      {
        toolCalls: [
          { name: "iot_query", arguments: { query: "客厅的灯" } },
          // A failing call whose error text quotes the secret: the log line of the call carries the error.
          { name: "http", arguments: { url: `http://127.0.0.1:9/?key=${SECRETS.llm}` } },
        ],
      },
      { text: "HA is away." },
    );
    const reply = await fetch(`${url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SECRETS.api}` },
      body: JSON.stringify({ message: "客厅的灯开着吗？" }),
    });
    expect(reply.status).toBe(200);
    await fetch(`${url}/api/chat`, { method: "POST", headers: { authorization: "Bearer wrong" } });

    server.closeAllConnections();
    server.close();
    await cyrene.close();
    expect(logged).toContain('"entry":"web"');
    expect(logged).toContain('"tool":"iot_query"');
    expect(logged).toMatch(/"tool":"http".*"success":false.*"error":"Refused: the URL contains a secret/);
    for (const secret of Object.values(SECRETS)) expect(logged).not.toContain(secret);
  });

  it("cut a secret out of any line that quotes it, whatever the field", () => {
    const sink = new PassThrough();
    let text = "";
    sink.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const logger = createLogger("info", { destination: sink, secrets: [SECRETS.ha] });
    logger.warn({ reason: `GET http://ha.lan/api?token=${SECRETS.ha} failed` }, `tried ${SECRETS.ha}`);
    expect(text).toContain("token=[redacted] failed");
    expect(text).toContain("tried [redacted]");
    expect(text).not.toContain(SECRETS.ha);
  });
});
