import { describe, expect, it } from "vitest";
import { fetchDocument } from "../../src/net/document.js";
import { expectNetError, FETCH_LIMITS, testGuard, useWebFixture } from "../support/web.js";

const web = useWebFixture();
const guard = testGuard();

describe("fetchDocument (shared by web_fetch and knowledge ingestion)", () => {
  it("returns an HTML page's main content as Markdown with its metadata", async () => {
    const page = await fetchDocument(guard, { ...FETCH_LIMITS, url: `${web.origin}/redirect/1` });
    expect(page).toMatchObject({
      url: `${web.origin}/article`,
      kind: "html",
      mime: "text/html",
      title: "Balcony solar, explained",
      siteName: "Example Energy News",
      truncated: false,
    });
    expect(page.text).toMatch(/^By Lena Fischer/);
    expect(page.links).toBeUndefined();
  });

  it("returns text as is", async () => {
    const page = await fetchDocument(guard, { ...FETCH_LIMITS, url: `${web.origin}/text` });
    expect(page).toMatchObject({
      kind: "text",
      mime: "text/plain",
      text: "Line one.\nLine two: 温度 23 °C.",
    });
  });

  it("does not download a body its Content-Type marks as binary", async () => {
    const error = await expectNetError(fetchDocument(guard, { ...FETCH_LIMITS, url: `${web.origin}/pdf` }));
    expect(error.kind).toBe("unsupported_type");
    expect(error.message).toMatch(/is a PDF \(4 KB\), not an HTML or text page/);
  });

  it("turns HTTP errors into errors", async () => {
    const error = await expectNetError(
      fetchDocument(guard, { ...FETCH_LIMITS, url: `${web.origin}/status/500` }),
    );
    expect(error).toMatchObject({ kind: "http_status" });
    expect(error.message).toMatch(/HTTP 500 Internal Server Error\. The site has a problem/);
  });

  it("refuses localhost through the system resolver by default", async () => {
    const strict = testGuard({ allowHosts: [] });
    const before = web.requests.length;
    const error = await expectNetError(
      fetchDocument(strict, { ...FETCH_LIMITS, url: `http://localhost:${web.port}/article` }),
    );
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(/localhost \(.*\): it is a loopback address/);
    expect(web.requests.length).toBe(before);
  });
});
