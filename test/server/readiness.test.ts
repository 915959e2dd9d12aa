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

  it("/healthz stays liveness: 200 while the LLM fails", async () => {
    h.llm.script({ status: 401 });
    await chat("four");
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });
});
