import { execFile } from "node:child_process";
import { promisify } from "node:util";
const run = promisify(execFile);
import OpenAI from "openai";
import { startHarness } from "./test/support/harness.js";
const h = await startHarness({ env: { CYRENE_LLM_MAX_RETRIES: "0", CYRENE_LLM_IDLE_TIMEOUT_SECONDS: "1" } });
const down = await startHarness({ env: { CYRENE_LLM_BASE_URL: "http://127.0.0.1:9/v1", CYRENE_LLM_MAX_RETRIES: "0" } });
const py = async (url: string, stream: boolean) => {
  const code = `
import openai, sys
c = openai.OpenAI(base_url="${url}/v1", api_key="x", max_retries=2)
try:
    if ${stream ? "True" : "False"}:
        t = ""
        for ch in c.chat.completions.create(model="cyrene", stream=True, messages=[{"role":"user","content":"hi"}]):
            t += ch.choices[0].delta.content or "" if ch.choices else ""
        print("ok", repr(t))
    else:
        r = c.chat.completions.create(model="cyrene", messages=[{"role":"user","content":"hi"}])
        print("ok", r.choices[0].message.content)
except Exception as e:
    print(type(e).__name__, getattr(e, "status_code", ""), str(e)[:220])
`;
  return (await run("/tmp/pyoa/bin/python", ["-c", code])).stdout.trim();
};
const curl = async (url: string) => (await run("curl", ["-s", "-i", `${url}/v1/chat/completions`, "-H", "content-type: application/json", "-d", '{"model":"cyrene","messages":[{"role":"user","content":"hi"}]}']).then((r) => r.stdout)).split("\r\n").filter((l) => /^HTTP|^x-should|^\{/.test(l)).join(" | ").slice(0, 400);
const node = async (url: string) => {
  const c = new OpenAI({ baseURL: `${url}/v1`, apiKey: "x" });
  try { await c.chat.completions.create({ model: "cyrene", messages: [{ role: "user", content: "hi" }] }); return "ok"; }
  catch (e) { const err = e as { constructor: { name: string }; status?: number; message: string }; return `${err.constructor.name} ${err.status} ${err.message.slice(0, 200)}`; }
};
const cases: [string, () => void, string][] = [
  ["unreachable", () => {}, down.url],
  ["401", () => h.llm.setFallback({ status: 401 }), h.url],
  ["404", () => h.llm.setFallback({ status: 404 }), h.url],
  ["503 (after retries)", () => h.llm.setFallback({ status: 503 }), h.url],
  ["stalled stream (timeout)", () => h.llm.setFallback({ text: "abc", stallAfterEvents: 1 }), h.url],
];
for (const [name, setup, url] of cases) {
  setup();
  console.log(`### ${name}\n- python: ${await py(url, false)}\n- python stream: ${await py(url, true)}\n- node: ${await node(url)}\n- curl: ${await curl(url)}\n`);
}
h.llm.setFallback({ text: "Half an answer that breaks", pieceSize: 5, cutAfterEvents: 3 });
console.log(`### stream cut after text\n- python stream: ${await py(h.url, true)}\n`);
await h.close(); await down.close(); process.exit(0);
