import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";
import { makePdf } from "../knowledge/support/pdf.js";
import { AC_MANUAL } from "../knowledge/support/knowledge.js";
import { json } from "../support/http.js";
import { startHarness, type Harness } from "../support/harness.js";
import { useWebFixture } from "../support/web.js";

const web = useWebFixture();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: {
      CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1",
      CYRENE_KNOWLEDGE_MAX_DOCUMENT_MB: "1",
    },
  });
});
afterAll(() => h.close());

const post = (body: unknown, headers: Record<string, string> = {}, query = "") =>
  fetch(`${h.url}/api/knowledge${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });

describe("/api/knowledge", () => {
  it("adds text, a URL and uploads (raw and base64), lists, shows, searches and deletes them", async () => {
    const text = await post({ text: AC_MANUAL, title: "AC manual", tags: "manual,ac" });
    expect(text.status).toBe(201);
    const added = await json(text);
    expect(added).toMatchObject({
      status: "added",
      document: { title: "AC manual", tags: ["manual", "ac"], passages: 2 },
    });

    const page = await json(post({ url: `${web.origin}/article` }));
    expect(page.document).toMatchObject({ title: "Balcony solar, explained", origin: "url" });

    const pdf = makePdf([["Boiler manual", "Bleed the radiators every autumn."]], "Boiler");
    const raw = await post(pdf, { "content-type": "application/pdf" }, "?filename=boiler.pdf&tags=heating");
    expect(raw.status).toBe(201);
    expect((await json(raw)).document).toMatchObject({
      title: "Boiler",
      source: "boiler.pdf",
      origin: "upload",
      tags: ["heating"],
    });

    const note = Buffer.from("# 阳台\n\n阳台的花每周浇两次水。").toString("base64");
    const encoded = await json(post({ content_base64: note, filename: "balcony.md" }));
    expect(encoded.document).toMatchObject({ title: "阳台", content_type: "text/markdown" });

    const list = await json(fetch(`${h.url}/api/knowledge`));
    expect(list.total).toBe(4);
    expect(list.documents.map((d: { title: string }) => d.title)).toContain("AC manual");
    expect((await json(fetch(`${h.url}/api/knowledge?tag=heating`))).documents).toHaveLength(1);

    const shown = await json(fetch(`${h.url}/api/knowledge/${added.document.id}`));
    expect(shown.passages[0]).toMatchObject({ section: "Air conditioner manual > Filters" });

    const found = await json(
      fetch(`${h.url}/api/knowledge/search?q=${encodeURIComponent("阳台的花多久浇一次")}`),
    );
    expect(found.results[0]).toMatchObject({ title: "阳台", source: "balcony.md", score: 1 });
    const radiators = await json(fetch(`${h.url}/api/knowledge/search?q=radiators`));
    expect(radiators.results[0].title).toBe("Boiler");

    const deleted = await fetch(`${h.url}/api/knowledge/${added.document.id}`, { method: "DELETE" });
    expect(await json(deleted)).toEqual({ deleted: added.document.id });
    expect((await fetch(`${h.url}/api/knowledge/${added.document.id}`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/knowledge/${added.document.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("answers a repeat with 200 and says what happened", async () => {
    await post({ text: "The spare key is under the third flower pot.", title: "Key" });
    const again = await post({ text: "The spare key is under the third flower pot.", title: "Key" });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ status: "unchanged" });
  });

  it("refuses what it cannot take, saying why", async () => {
    const none = await post({ title: "nothing" });
    expect(none.status).toBe(400);
    expect((await json(none)).error.message).toMatch(/exactly one of text, url or content_base64/);
    const privateUrl = await post({ url: "http://192.168.1.20/manual.pdf" });
    expect(privateUrl.status).toBe(400);
    expect((await json(privateUrl)).error.message).toMatch(/private|local/i);
    const image = await post(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0, 0]), {
      "content-type": "image/png",
    });
    expect(image.status).toBe(400);
    const large = await post(Buffer.alloc(2 * 2 ** 20, "a"), { "content-type": "text/plain" });
    expect(large.status).toBe(413);
    expect((await fetch(`${h.url}/api/knowledge/search`)).status).toBe(400);
  });
});

describe("/api/knowledge with an embeddings endpoint configured", () => {
  let embeddings: ScriptedLlm;
  let hybrid: Harness;
  beforeAll(async () => {
    embeddings = await ScriptedLlm.start();
    hybrid = await startHarness({
      env: {
        CYRENE_EMBEDDINGS_BASE_URL: embeddings.baseUrl,
        CYRENE_EMBEDDINGS_API_KEY: "embedding-secret",
        CYRENE_EMBEDDINGS_MODEL: "hashed-ngrams",
      },
    });
  });
  afterAll(async () => {
    await hybrid.close();
    await embeddings.close();
  });

  it("embeds what is added and searches by vectors and full text together", async () => {
    const added = await fetch(`${hybrid.url}/api/knowledge`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: AC_MANUAL, title: "AC manual" }),
    });
    expect(added.status).toBe(201);
    expect(embeddings.embeddingRequests[0]).toMatchObject({ model: "hashed-ngrams" });
    expect(embeddings.embeddingRequests[0]!.headers.authorization).toBe("Bearer embedding-secret");
    const found = await json(
      fetch(`${hybrid.url}/api/knowledge/search?q=${encodeURIComponent("filtres rinsing")}`),
    );
    expect(found.mode).toBe("hybrid");
    expect(found.results[0].section).toBe("Air conditioner manual > Filters");
    expect((await json(fetch(`${hybrid.url}/api/knowledge`))).embeddings).toBe("hashed-ngrams");
  });

  it("needs a model with the URL", () => {
    expect(() =>
      loadConfig({
        optionsPath: "/nonexistent.json",
        env: { CYRENE_EMBEDDINGS_BASE_URL: embeddings.baseUrl },
      }),
    ).toThrow(/embeddings\.model.*is needed with embeddings\.baseUrl/);
  });
});
