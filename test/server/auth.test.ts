import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CYRENE_API_TOKEN: "s3cret-token" } });
});
afterAll(() => h.close());

describe("CYRENE_API_TOKEN", () => {
  it("is required on every API route but /healthz", async () => {
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    for (const path of ["/api/conversations", "/v1/models"]) {
      expect((await fetch(`${h.url}${path}`)).status).toBe(401);
      const wrong = await fetch(`${h.url}${path}`, { headers: { authorization: "Bearer nope" } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${h.url}${path}`, { headers: { authorization: "Bearer s3cret-token" } });
      expect(right.status).toBe(200);
    }
    const chat = await fetch(`${h.url}/api/chat`, { method: "POST", body: "{}" });
    expect(chat.status).toBe(401);
  });

  it("works as the API key of an OpenAI client", async () => {
    h.llm.script({ text: "authorised" });
    const client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "s3cret-token" });
    const completion = await client.chat.completions.create({
      model: "cyrene",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]!.message.content).toBe("authorised");
    const refused = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "wrong", maxRetries: 0 });
    await expect(refused.models.list()).rejects.toMatchObject({ status: 401 });
  });
});
