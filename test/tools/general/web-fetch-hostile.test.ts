import { afterAll, describe, expect, it } from "vitest";
import { stopPageReader } from "../../../src/net/page-reader.js";
import { webFetchTool } from "../../../src/tools/general/web-fetch.js";
import { failWith, succeed } from "../../support/tool-calls.js";
import { testGuard, useWebFixture } from "../../support/web.js";

// The pages of issue 17's probe: small documents that froze the server for seconds, or crashed the
// request with a stack overflow, while web_fetch read them on the event loop.

const web = useWebFixture();
const tool = webFetchTool({ guard: testGuard(), maxChars: 4000 });

afterAll(() => stopPageReader());

describe("web_fetch on hostile pages", () => {
  it.each([1_000, 2_000, 10_000])(
    "answers a page nested %i levels deep with a clear error, not a freeze or a stack overflow",
    async (levels) => {
      const error = await failWith(tool, { url: `${web.origin}/nested?levels=${levels}` });
      expect(error).toMatch(/too complex to read: more than 256 levels of nested elements/);
      expect(error).toContain("页面结构过于复杂");
    },
  );

  it("reads the first part of a page of 200,000 elements, and says so", async () => {
    const page = await succeed<{ content: string; note?: string }>(tool, {
      url: `${web.origin}/flat?elements=200000`,
    });
    expect(page.content.startsWith("0\n\n1\n\n2\n\n")).toBe(true);
    expect(page.note).toMatch(
      /too complex to read whole \(more than 30,000 elements\): only the first \d+ %/,
    );
  });
});
