import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveRoots } from "../../../src/tools/general/file/roots.js";
import { knowledgeIngestTool } from "../../../src/tools/knowledge/knowledge-ingest.js";
import { knowledgeSearchTool } from "../../../src/tools/knowledge/knowledge-search.js";
import { makePdf } from "../../knowledge/support/pdf.js";
import { AC_MANUAL_ZH, testKnowledge } from "../../knowledge/support/knowledge.js";
import { failWith, succeed } from "../../support/tool-calls.js";
import { useWebFixture } from "../../support/web.js";

const web = useWebFixture();
const dir = mkdtempSync(join(tmpdir(), "cyrene-knowledge-tools-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, "files");
mkdirSync(join(root, "manuals"), { recursive: true });
writeFileSync(join(root, "manuals", "ac.md"), AC_MANUAL_ZH);
writeFileSync(join(root, "manuals", "oven.pdf"), makePdf([["Oven manual", "Preheat for ten minutes."]]));
writeFileSync(join(dir, "secret.txt"), "not for the knowledge base");
writeFileSync(join(root, "options.json"), "{}");
symlinkSync(join(dir, "secret.txt"), join(root, "leak.txt"));

function tools(maxFileBytes?: number) {
  const { base } = testKnowledge();
  const files = { roots: resolveRoots([root]), protectedPaths: [join(root, "options.json")] };
  return {
    base,
    ingest: knowledgeIngestTool({ knowledge: base, files, maxFileBytes }),
    search: knowledgeSearchTool({ knowledge: base }),
  };
}

describe("knowledge_ingest", () => {
  it("describes itself in a small schema", () => {
    const { ingest } = tools();
    const parameters = ingest.definition().parameters as { properties: object; required?: string[] };
    expect(Object.keys(parameters.properties)).toEqual(["text", "url", "path", "title", "source", "tags"]);
    expect(parameters.required).toBeUndefined();
  });

  it("adds a Markdown file and a PDF from the file tool's folder", async () => {
    const { ingest, search } = tools();
    expect(await succeed(ingest, { path: "manuals/ac.md" })).toMatchObject({
      status: "added",
      title: "空调使用说明",
      source: "manuals/ac.md",
      passages: 2,
    });
    expect(await succeed(ingest, { path: "manuals/oven.pdf", tags: ["Kitchen"] })).toMatchObject({
      title: "oven.pdf",
      tags: ["kitchen"],
    });
    const found = await succeed<{ results: { title: string; source: string; section?: string }[] }>(search, {
      query: "滤网",
    });
    expect(found.results[0]).toMatchObject({
      title: "空调使用说明",
      source: "manuals/ac.md",
      section: "空调使用说明 > 滤网",
    });
  });

  it("keeps to the file tool's rules: no way out of the folder, protected files refused", async () => {
    const { ingest } = tools();
    expect(await failWith(ingest, { path: "../secret.txt" })).toMatch(/must not contain "\.\."/);
    expect(await failWith(ingest, { path: join(dir, "secret.txt") })).toMatch(/off limits/);
    expect(await failWith(ingest, { path: "leak.txt" })).toMatch(/leading outside/);
    expect(await failWith(ingest, { path: "options.json" })).toMatch(/protected/);
    expect(await failWith(ingest, { path: "missing.md" })).toMatch(/does not exist/);
    expect(await failWith(tools(10).ingest, { path: "manuals/ac.md" })).toMatch(/at most 0 MB|takes at most/);
  });

  it("adds a web page, and wants exactly one of text, url and path", async () => {
    const { ingest } = tools();
    expect(await succeed(ingest, { url: `${web.origin}/article` })).toMatchObject({
      status: "added",
      title: "Balcony solar, explained",
    });
    expect(await failWith(ingest, { title: "nothing" })).toMatch(/Give one of text, url or path/);
    expect(await failWith(ingest, { text: "a", url: "https://example.com" })).toMatch(/only one of/);
    expect(await failWith(ingest, { url: "http://10.0.0.5/manual" })).toMatch(/private|local/i);
  });

  it("says when the same text is already there", async () => {
    const { ingest } = tools();
    await succeed(ingest, { text: "Bins go out on Tuesday evening.", title: "Bins" });
    expect(
      await succeed(ingest, { text: "Bins go out on Tuesday evening.", title: "Rubbish" }),
    ).toMatchObject({
      status: "duplicate",
      title: "Bins",
      note: expect.stringMatching(/stored already/),
    });
  });
});

describe("knowledge_search", () => {
  it("answers compact passages with title, source, section and score", async () => {
    const { ingest, search } = tools();
    await succeed(ingest, {
      text: "# Oven\n\nPreheat the oven for ten minutes before baking bread.",
      source: "oven-notes",
    });
    const found = await succeed<{ results: Record<string, unknown>[] }>(search, {
      query: "preheat bread",
      top_k: 3,
    });
    expect(found.results).toEqual([
      {
        title: "Oven",
        source: "oven-notes",
        section: "Oven",
        score: 1,
        text: "Preheat the oven for ten minutes before baking bread.",
      },
    ]);
  });

  it("says whether the knowledge base is empty or only nothing matches", async () => {
    const { ingest, search } = tools();
    expect(await succeed(search, { query: "anything" })).toMatchObject({
      results: [],
      note: expect.stringMatching(/empty/),
    });
    await succeed(ingest, { text: "Something else entirely." });
    expect(await succeed(search, { query: "anything" })).toMatchObject({
      note: expect.stringMatching(/other words/),
    });
    expect(await failWith(search, { query: " " })).toMatch(/query is empty/);
    expect(await failWith(search, { query: "x", top_k: 50 })).toMatch(/top_k/);
  });
});
