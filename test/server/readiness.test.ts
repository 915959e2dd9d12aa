import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CYRENE_LLM_MAX_RETRIES: "0" } });
});
afterAll(() => h.close());

const chat = (message: string) =>
  fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });

describe("/readyz", () => {
  it("reports the LLM failing since its first failure, with the last error, and recovers", async () => {
    expect(await json(fetch(`${h.url}/readyz`))).toMatchObject({
      status: "ready",
      llm: { status: "unknown" },
    });
    h.llm.script({ status: 503 }, { status: 401 });
    await chat("one");
    const firstFailure = (await json(fetch(`${h.url}/readyz`))).llm.since;
    await chat("two");
    const failing = await fetch(`${h.url}/readyz`);
    expect(failing.status).toBe(503);
    expect(await json(failing)).toMatchObject({
      status: "degraded",
      llm: {
        status: "failing",
        since: firstFailure,
        last_error: expect.stringMatching(/refused the API key \(401\)/),
      },
      home_assistant: { status: "not_configured" },
    });
    h.llm.script({ text: "back" });
    await chat("three");
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await json(ready)).llm).toMatchObject({ status: "ok", last_success_at: expect.any(String) });
  });

  it("lists the offered and the switched-off tools", async () => {
    const body = await json(fetch(`${h.url}/readyz`));
    expect(body.tools).toMatchObject({ offered: expect.any(Number), disabled: [] });
  });

  it("lists the tools left out as not configured, with the setting that enables each (also in /api/status)", async () => {
    const ha = { setting: "CYRENE_HA_URL and CYRENE_HA_TOKEN" };
    const expected = {
      offered: 13,
      not_configured: [
        { name: "web_search", setting: "CYRENE_SEARXNG_URL" },
        { name: "iot_query", ...ha },
        { name: "iot_control", ...ha },
        { name: "reminder_create", ...ha },
        { name: "reminder_list", ...ha },
        { name: "reminder_delete", ...ha },
        { name: "home_rule", ...ha },
      ],
      vector_search: {
        status: "not_configured",
        setting: "CYRENE_EMBEDDINGS_BASE_URL and CYRENE_EMBEDDINGS_MODEL",
      },
    };
    expect((await json(fetch(`${h.url}/readyz`))).tools).toMatchObject(expected);
    const status = (await json(fetch(`${h.url}/api/status`))).tools;
    expect(status).toMatchObject({ ...expected, offered: expect.not.arrayContaining(["web_search"]) });
    expect(status.offered).toHaveLength(13);
    // What the LLM is offered is what Status says.
    h.llm.script({ text: "ok" });
    await chat("which tools?");
    const offered = h.llm.requests.at(-1)!.body.tools!.map((t) => t.function.name);
    expect(offered).toEqual(status.offered);
  });

  it("/healthz stays liveness: 200 while the LLM fails", async () => {
    h.llm.script({ status: 401 });
    await chat("four");
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });
});
