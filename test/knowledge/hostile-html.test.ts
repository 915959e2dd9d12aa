import { afterAll, describe, expect, it } from "vitest";
import { stopPageReader } from "../../src/net/page-reader.js";
import { articleThenNested, nestedHtml } from "../fixtures/web/hostile-html.js";
import { useWebFixture } from "../support/web.js";
import { testKnowledge } from "./support/knowledge.js";

// knowledge_ingest of HTML from the probe of issue 17: 11 KB nested 1,000 deep held the event loop for
// 16–22 s; 10,000 levels crashed the request with a stack overflow.

const web = useWebFixture();

afterAll(() => stopPageReader());

const upload = (html: string, name = "page.html") =>
  ({ kind: "bytes", origin: "upload", data: Buffer.from(html), name }) as const;

describe("knowledge ingest of hostile HTML", () => {
  it.each([1_000, 10_000])("refuses a file nested %i levels deep as too complex", async (levels) => {
    const { base } = testKnowledge();
    await expect(base.ingest(upload(nestedHtml(levels)))).rejects.toThrow(
      /too complex to read: more than 256 levels/,
    );
    expect(base.list().length).toBe(0);
  });

  it("refuses a deeply nested page from a URL the same way", async () => {
    const { base } = testKnowledge();
    await expect(base.ingest({ kind: "url", url: `${web.origin}/nested?levels=2000` })).rejects.toThrow(
      /too complex to read/,
    );
  });

  it("keeps the readable part of a page that only goes too deep after it, and says what was left out", async () => {
    const { base } = testKnowledge();
    const added = await base.ingest(upload(articleThenNested(5_000), "heat-pumps.html"));
    expect(added.document.title).toBe("Heat pumps");
    expect(added.notes.join(" ")).toMatch(/too complex to read whole \(more than 256 levels/);
    const { passages } = await base.search({ query: "coefficient of performance" });
    expect(passages.length).toBeGreaterThan(0);
  });
});
