import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedLlm } from "../fixtures/scripted-llm/server.js";
import { testGuard, useWebFixture } from "../support/web.js";
import { makePdf } from "./support/pdf.js";
import { AC_MANUAL, AC_MANUAL_ZH, testKnowledge } from "./support/knowledge.js";

const web = useWebFixture();

describe("the knowledge base", () => {
  it("finds an English passage by its words, with the section it is in", async () => {
    const { base } = testKnowledge();
    const added = await base.ingest({ kind: "text", text: AC_MANUAL, title: "AC manual" });
    expect(added).toMatchObject({
      status: "added",
      document: { title: "AC manual", source: "text:AC manual" },
    });
    const { passages, mode } = await base.search({ query: "how often should I clean the filter?" });
    expect(mode).toBe("fulltext");
    expect(passages[0]).toMatchObject({
      title: "AC manual",
      heading: "Air conditioner manual > Filters",
      score: 1,
    });
    expect(passages[0]!.text).toContain("every two weeks");
  });

  it("finds a Chinese passage by a two-character word", async () => {
    const { base } = testKnowledge();
    await base.ingest({ kind: "text", text: AC_MANUAL_ZH });
    await base.ingest({ kind: "text", text: "# 洗衣机\n\n洗衣机每月用热水空转一次，去除异味。" });
    const byWord = await base.search({ query: "滤网" });
    expect(byWord.passages[0]!.text).toContain("每两周清洗一次滤网");
    expect(byWord.passages[0]!.heading).toBe("空调使用说明 > 滤网");
    const byQuestion = await base.search({ query: "遥控器怎么锁定按键？" });
    expect(byQuestion.passages[0]!.text).toContain("锁定按键");
    expect((await base.search({ query: "异味" })).passages[0]!.title).toBe("洗衣机");
  });

  it("replaces a source's passages when it is added again, and skips the same text", async () => {
    const { base } = testKnowledge();
    const first = await base.ingest({ kind: "text", text: "The gate code is 4711.", title: "Gate" });
    const again = await base.ingest({ kind: "text", text: "The gate code is 4711.", title: "Gate" });
    expect(again.status).toBe("unchanged");
    const changed = await base.ingest({ kind: "text", text: "The gate code is 9090 now.", title: "Gate" });
    expect(changed.status).toBe("replaced");
    expect(changed.document.createdAt).toBe(first.document.createdAt);
    expect((await base.search({ query: "gate code" })).passages.map((p) => p.text)).toEqual([
      "The gate code is 9090 now.",
    ]);
    expect(base.list()).toHaveLength(1);
    const copy = await base.ingest({ kind: "text", text: "The gate code is 9090 now.", title: "Copy" });
    expect(copy.status).toBe("duplicate");
    expect(copy.notes[0]).toMatch(/stored already as "Gate"/);
    expect(base.list()).toHaveLength(1);
  });

  it("filters by tag and by source, and deletes a document with its passages", async () => {
    const { base } = testKnowledge();
    await base.ingest({
      kind: "text",
      text: "Pasta: boil the water with salt.",
      title: "Pasta",
      tags: ["Recipe"],
    });
    const salt = await base.ingest({
      kind: "text",
      text: "Dishwasher: refill the salt.",
      title: "Dishwasher",
    });
    expect((await base.search({ query: "salt", tag: "recipe" })).passages.map((p) => p.title)).toEqual([
      "Pasta",
    ]);
    expect((await base.search({ query: "salt", source: "dishwasher" })).passages.map((p) => p.title)).toEqual(
      ["Dishwasher"],
    );
    expect(base.delete(salt.document.id)).toBe(true);
    expect((await base.search({ query: "salt" })).passages.map((p) => p.title)).toEqual(["Pasta"]);
    expect(base.delete(salt.document.id)).toBe(false);
  });

  it("reads a PDF, in English and Chinese, with its title", async () => {
    const { base } = testKnowledge();
    const pdf = makePdf(
      [
        ["Dishwasher manual", "Clean the coarse filter every month."],
        ["洗碗机说明书", "软水盐用完时指示灯会亮。"],
      ],
      "Dishwasher Manual",
    );
    const added = await base.ingest({ kind: "bytes", origin: "upload", data: pdf, name: "dishwasher.pdf" });
    expect(added.document).toMatchObject({ title: "Dishwasher Manual", contentType: "application/pdf" });
    expect((await base.search({ query: "coarse filter" })).passages[0]!.text).toContain("every month");
    expect((await base.search({ query: "指示灯" })).passages[0]!.text).toContain("软水盐用完时指示灯会亮");
    await expect(
      base.ingest({ kind: "bytes", origin: "upload", data: Buffer.from("hello"), name: "x.pdf" }),
    ).rejects.toThrow(/not a PDF/);
  });

  it("reads an HTML page from a URL through the network guard, main content only", async () => {
    const { base } = testKnowledge();
    const added = await base.ingest({ kind: "url", url: `${web.origin}/article`, tags: ["energy"] });
    expect(added.document).toMatchObject({
      title: "Balcony solar, explained",
      source: `${web.origin}/article`,
      origin: "url",
      contentType: "text/html",
    });
    const { passages } = await base.search({ query: "balcony solar costs" });
    expect(passages[0]!.source).toBe(`${web.origin}/article`);
    expect(passages.map((p) => p.text).join(" ")).not.toContain("BUY CHEAP");
  });

  it("refuses a private URL and a loopback one the guard does not allow", async () => {
    const { base } = testKnowledge({ guard: testGuard({ allowHosts: [] }) });
    await expect(base.ingest({ kind: "url", url: "http://192.168.1.20/manual.pdf" })).rejects.toThrow(
      /private|local/i,
    );
    await expect(base.ingest({ kind: "url", url: `${web.origin}/article` })).rejects.toThrow(
      /loopback|local/i,
    );
    expect(web.requests).toHaveLength(0);
  });

  it("refuses what it cannot read and what is too large", async () => {
    const { base } = testKnowledge({ limits: { maxBytes: 1000 } });
    await expect(
      base.ingest({
        kind: "bytes",
        origin: "upload",
        data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]),
        name: "a.png",
      }),
    ).rejects.toThrow(/Markdown, text, HTML and PDF/);
    await expect(base.ingest({ kind: "text", text: "x".repeat(2000) })).rejects.toThrow(/larger than/);
    await expect(base.ingest({ kind: "text", text: "   " })).rejects.toThrow(/no text/);
  });
});

describe("hybrid ranking with an embeddings endpoint", () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await ScriptedLlm.start();
  });
  afterAll(() => llm.close());

  const notes = [
    { title: "Dishwasher", text: "Refill the regeneration salt when the salt light is on." },
    {
      title: "Kitchen",
      text: "Salt and pepper are kept in the top drawer next to the stove, with the spices.",
    },
    { title: "Garden", text: "Never put salt on the lawn: it kills the grass and harms the soil." },
  ];

  it("embeds passages at ingest in batches and merges vector and full-text rankings", async () => {
    llm.reset();
    const { base, db } = testKnowledge({ embeddingsUrl: llm.baseUrl });
    for (const note of notes) await base.ingest({ kind: "text", ...note });
    expect(
      db.prepare("SELECT COUNT(*) FROM knowledge_vectors WHERE model = 'hashed-ngrams'").pluck().get(),
    ).toBe(3);
    expect(llm.embeddingRequests[0]!.headers.authorization).toBe("Bearer embed-key");

    // A typo full text cannot match: the character n-grams of the vectors still find the dishwasher.
    const hybrid = await base.search({ query: "dishwashr salt" });
    expect(hybrid.mode).toBe("hybrid");
    expect(hybrid.passages[0]!.title).toBe("Dishwasher");
    const fullText = await base.search({ query: "dishwashr salt", fullTextOnly: true });
    expect(fullText.mode).toBe("fulltext");
    expect(fullText.passages.map((p) => p.title).sort()).toEqual(["Dishwasher", "Garden", "Kitchen"]);

    // Only vectors know this one: no word of the query is in any passage.
    const fuzzy = await base.search({ query: "dishwashers" });
    expect(fuzzy.passages[0]!.title).toBe("Dishwasher");
  });

  it("keeps what it added when embedding fails, and adds the vectors later", async () => {
    llm.reset();
    const { base, db } = testKnowledge({ embeddingsUrl: llm.baseUrl });
    llm.failEmbeddings = 2;
    const added = await base.ingest({ kind: "text", ...notes[0]! });
    expect(added.notes.join(" ")).toMatch(/vectors follow later/);
    expect((await base.search({ query: "regeneration salt" })).passages[0]!.title).toBe("Dishwasher");
    expect(await base.catchUpEmbeddings()).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM knowledge_vectors").pluck().get()).toBe(1);
  });

  it("falls back to full text when the query cannot be embedded", async () => {
    llm.reset();
    const { base } = testKnowledge({ embeddingsUrl: llm.baseUrl });
    await base.ingest({ kind: "text", ...notes[2]! });
    llm.failEmbeddings = 5;
    const found = await base.search({ query: "lawn" });
    expect(found).toMatchObject({ mode: "fulltext", passages: [{ title: "Garden" }] });
    expect(found.note).toMatch(/Vector search was skipped/);
  });
});
