import { describe, expect, it } from "vitest";
import { chunkText, sentences } from "../../src/knowledge/chunking.js";
import { estimateTokens } from "../../src/knowledge/tokens.js";

describe("chunking", () => {
  it("follows headings and keeps their path with each passage", () => {
    const chunks = chunkText(
      "# Manual\n\nIntro.\n\n## Filters\n\nClean monthly.\n\n### Drying\n\nIn the shade.\n\n## Remote\n\nPress MODE.",
    );
    expect(chunks).toEqual([
      { heading: "Manual", text: "Intro." },
      { heading: "Manual > Filters", text: "Clean monthly." },
      { heading: "Manual > Filters > Drying", text: "In the shade." },
      { heading: "Manual > Remote", text: "Press MODE." },
    ]);
  });

  it("packs short paragraphs of a section together", () => {
    const chunks = chunkText("## Tips\n\nOne.\n\nTwo.\n\nThree.");
    expect(chunks).toEqual([{ heading: "Tips", text: "One.\n\nTwo.\n\nThree." }]);
  });

  it("reads setext headings, and no heading inside a code block", () => {
    const chunks = chunkText("Setup\n=====\n\n```sh\n# not a heading\nnpm start\n```\n\nDone.");
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.heading).toBe("Setup");
    expect(chunks[0]!.text).toContain("# not a heading");
  });

  it("splits a long Chinese paragraph at 。！？ though it has no spaces", () => {
    const paragraph = "空调滤网要每两周清洗一次，否则会影响制冷效果。".repeat(40);
    const chunks = chunkText(`# 空调\n\n${paragraph}`, { targetTokens: 100, maxTokens: 150 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(150);
      expect(chunk.text.endsWith("。")).toBe(true);
      expect(chunk.heading).toBe("空调");
    }
    expect(chunks.map((c) => c.text).join("")).toBe(paragraph);
  });

  it("cuts a sentence too long for any passage at commas, and text without any mark anyway", () => {
    const long = "word, ".repeat(400);
    for (const chunk of chunkText(long, { maxTokens: 100 }))
      expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(100);
    const solid = "字".repeat(1000);
    const pieces = chunkText(solid, { maxTokens: 300 });
    expect(pieces.map((c) => c.text).join("")).toBe(solid);
    for (const chunk of pieces) expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(300);
  });

  it("finds sentence ends in both languages, closing quotes kept with their sentence", () => {
    expect(sentences("他说：“好的！”然后走了。Version 3.5 is out. Really?")).toEqual([
      "他说：“好的！”",
      "然后走了。",
      "Version 3.5 is out.",
      " Really?",
    ]);
  });
});
