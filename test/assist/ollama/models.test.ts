import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../support/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ assist: true });
});
afterAll(() => h.close());

const get = (path: string) => fetch(`${h.ollamaUrl}${path}`);
const post = (path: string, body: unknown) =>
  fetch(`${h.ollamaUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the Ollama model catalog", () => {
  it("lists cyrene:latest under `model`, as HA's config flow reads it, with Ollama's fields", async () => {
    const res = await get("/api/tags");
    expect(res.status).toBe(200);
    const { models } = (await res.json()) as { models: Record<string, unknown>[] };
    expect(models).toHaveLength(1);
    const [model] = models;
    expect(model).toMatchObject({
      name: "cyrene:latest",
      model: "cyrene:latest",
      size: expect.any(Number),
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      details: expect.objectContaining({ family: "cyrene" }),
    });
    expect(Number.isNaN(Date.parse(model!.modified_at as string))).toBe(false);
  });

  it("answers /api/version, GET / and /api/ps as Ollama does", async () => {
    expect(await (await get("/api/version")).json()).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+/),
    });
    expect(await (await get("/")).text()).toBe("Ollama is running");
    const ps = (await (await get("/api/ps")).json()) as { models: { model: string }[] };
    expect(ps.models.map((m) => m.model)).toEqual(["cyrene:latest"]);
  });

  it("answers a pull of its own model with success, streamed or not, and refuses any other model", async () => {
    const whole = await post("/api/pull", { model: "cyrene:latest", insecure: false, stream: false });
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual({ status: "success" });

    const streamed = await post("/api/pull", { model: "cyrene" });
    expect(streamed.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await streamed.text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toEqual({ status: "success" });

    const other = await post("/api/pull", { model: "qwen3:4b-instruct", stream: false });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: expect.stringMatching(/serves one model, cyrene:latest/) });
  });

  it("shows its model and says which model a show of another one lacks", async () => {
    const shown = await post("/api/show", { model: "cyrene:latest" });
    expect(await shown.json()).toMatchObject({ capabilities: ["completion", "tools"] });
    const missing = await post("/api/show", { name: "llama3" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: 'model "llama3" not found: Cyrene serves one model, cyrene:latest.',
    });
  });

  it("answers unknown /api routes and bad JSON in Ollama's error shape, and keeps /v1 in OpenAI's", async () => {
    const unknown = await post("/api/generate", { model: "cyrene", prompt: "hi" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringMatching(/answers \/api\/chat/) });

    const broken = await fetch(`${h.ollamaUrl}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: expect.any(String) });

    const models = await get("/v1/models");
    expect(await models.json()).toMatchObject({ object: "list" });
    const missing = await get("/v1/nothing");
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/No route/);
  });
});
