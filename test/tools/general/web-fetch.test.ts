import { describe, expect, it } from "vitest";
import { webFetchTool } from "../../../src/tools/general/web-fetch.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { testGuard, useWebFixture } from "../../support/web.js";

const web = useWebFixture();

const tool = webFetchTool({ guard: testGuard(), maxChars: 4000, maxResponseBytes: 512 * 1024 });
const partsOf2000 = webFetchTool({ guard: testGuard(), maxChars: 2000 });

interface Page {
  url: string;
  title?: string;
  byline?: string;
  site_name?: string;
  published?: string;
  language?: string;
  content_type?: string;
  content: string;
  note?: string;
  links?: Array<{ text: string; url: string }>;
}

const fetchPage = (args: ToolArgs) => succeed<Page>(tool, args);
const fetchError = (args: ToolArgs) => failWith(tool, args);

describe("web_fetch", () => {
  it("describes itself with a small schema", () => {
    const definition = tool.definition();
    expect(definition.parameters).toMatchObject({ required: ["url"] });
    expect(Object.keys(definition.parameters.properties as object)).toEqual(["url", "start_at", "links"]);
  });

  it("returns the article as Markdown without navigation, ads and footer", async () => {
    const page = await fetchPage({ url: `${web.origin}/article` });
    expect(page).toMatchObject({
      url: `${web.origin}/article`,
      title: "Balcony solar, explained",
      byline: "Lena Fischer",
      site_name: "Example Energy News",
      language: "en",
    });
    expect(page.content).toContain("Balcony solar systems have become popular across Europe.");
    expect(page.content).toContain("## What it costs");
    expect(page.content).toContain("- Two panels: 300 euros");
    expect(page.content).toContain("Read our step-by-step guide and the Home Assistant energy docs.");
    expect(page.content).toContain("[image: Two solar panels on a balcony railing]");
    for (const chrome of [
      "BUY CHEAP",
      "Sponsored",
      "Celebrity",
      "We use cookies",
      "Subscribe now",
      "Privacy",
      "Politics",
    ]) {
      expect(page.content).not.toContain(chrome);
    }
    expect(page).not.toHaveProperty("links");
    expect(page).not.toHaveProperty("note");
  });

  it("lists the page's links, absolute and deduplicated, on request", async () => {
    const page = await fetchPage({ url: `${web.origin}/article`, links: true });
    expect(page.links).toContainEqual({
      text: "step-by-step guide",
      url: `${web.origin}/guides/balcony-solar`,
    });
    expect(page.links).toContainEqual({
      text: "Home Assistant energy docs",
      url: "https://www.home-assistant.io/docs/energy/",
    });
    const urls = page.links!.map((l) => l.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it.each([
    ["/gbk-meta", "<meta charset=gbk>"],
    ["/gbk-header", "charset in the Content-Type header"],
    ["/gb2312-http-equiv", "http-equiv Content-Type gb2312"],
    ["/gbk-undeclared", "no declaration at all"],
  ])("decodes a GBK page: %s (%s)", async (path) => {
    const page = await fetchPage({ url: `${web.origin}${path}` });
    expect(page.title).toMatch(/智能家居入门指南/);
    expect(page.content).toContain("智能家居可以让生活更加方便。");
    expect(page.content).toContain("最后，记得定期备份配置文件。");
    expect(page.content).not.toContain("\ufffd");
  });

  it("decodes a Big5 page", async () => {
    const page = await fetchPage({ url: `${web.origin}/big5` });
    expect(page.title).toMatch(/智慧家庭入門指南/);
    expect(page.content).toContain("智慧家庭可以讓生活更加方便。");
    expect(page.content).toContain("最後，記得定期備份設定檔。");
    expect(page.content).not.toContain("\ufffd");
  });

  it.each(["/gzip", "/deflate", "/brotli"])("reads a compressed page: %s", async (path) => {
    const page = await fetchPage({ url: `${web.origin}${path}` });
    expect(page.title).toBe("Balcony solar, explained");
    expect(page.content).toContain("Balcony solar systems have become popular");
  });

  it("follows redirects and reports the final URL", async () => {
    const page = await fetchPage({ url: `${web.origin}/redirect/2` });
    expect(page.url).toBe(`${web.origin}/article`);
  });

  it("reads long pages in parts, cut on a paragraph boundary", async () => {
    const inParts = (args: ToolArgs) => succeed<Page>(partsOf2000, args);
    const first = await inParts({ url: `${web.origin}/long-article` });
    const match = /Showing characters 0–(\d+) of (\d+) .*start_at=(\d+)/.exec(first.note ?? "");
    expect(match).not.toBeNull();
    const [, end, total, next] = match!.map(Number);
    expect(end).toBe(next);
    expect(end).toBeLessThanOrEqual(2000);
    expect(total).toBeGreaterThan(20_000);
    expect(first.content).toMatch(/[.:]$/);
    const second = await inParts({ url: `${web.origin}/long-article`, start_at: next });
    expect(second.note).toMatch(new RegExp(`^Showing characters ${next}–`));
    expect(second.content.startsWith(first.content)).toBe(false);
    expect(await fetchError({ url: `${web.origin}/long-article`, start_at: total! + 10 })).toMatch(
      /past the end/,
    );
    expect(await fetchError({ url: `${web.origin}/long-article`, start_at: -5 })).toBe(
      "Invalid arguments for web_fetch: start_at: start_at is a character position, 0 or more, as the previous note says (起始位置)",
    );
  });

  it("reads an oversized page up to the download cap and says so", async () => {
    const page = await fetchPage({ url: `${web.origin}/big` });
    expect(page.note).toMatch(/larger than 512 KB; only that much was downloaded/);
    expect(page.note).toMatch(/start_at=/);
    expect(page.content).toContain("Balcony solar systems");
  });

  it("returns plain text and JSON as they are", async () => {
    const text = await fetchPage({ url: `${web.origin}/text` });
    expect(text).toMatchObject({ content_type: "text/plain", content: "Line one.\nLine two: 温度 23 °C." });
    const json = await fetchPage({ url: `${web.origin}/small-json` });
    expect(json.content_type).toBe("application/json");
    expect(JSON.parse(json.content)).toEqual({ ok: true, temperature: 21.5, unit: "°C" });
  });

  it("sniffs HTML served without a content type", async () => {
    const page = await fetchPage({ url: `${web.origin}/no-type-html` });
    expect(page.title).toBe("Balcony solar, explained");
  });

  it("refuses PDFs and images clearly", async () => {
    expect(await fetchError({ url: `${web.origin}/pdf` })).toMatch(
      /\/pdf is a PDF \(4(\.\d)? KB\); web_fetch reads HTML and text pages only\./,
    );
    expect(await fetchError({ url: `${web.origin}/octet-pdf` })).toMatch(/is a PDF \(4(\.\d)? KB\)/);
    expect(await fetchError({ url: `${web.origin}/png` })).toMatch(
      /is an image \(image\/png\) \(\d+ bytes\)/,
    );
  });

  it("reports HTTP errors", async () => {
    expect(await fetchError({ url: `${web.origin}/status/404` })).toMatch(
      /answered HTTP 404 Not Found\. The page/,
    );
    expect(await fetchError({ url: `${web.origin}/status/403` })).toMatch(
      /login or blocks automated readers/,
    );
  });

  it("refuses what the guard refuses", async () => {
    const strict = webFetchTool({ guard: testGuard({ allowHosts: [] }) });
    expect(await failWith(strict, { url: `${web.origin}/article` })).toMatch(/loopback address/);
    const toMetadata = `${web.origin}/redirect-to?url=${encodeURIComponent("http://0xa9.254.169.254/")}`;
    expect(await fetchError({ url: toMetadata })).toMatch(
      /169\.254\.169\.254: it is a cloud metadata address/,
    );
    const toLoopback = `${web.origin}/redirect-to?url=${encodeURIComponent(`http://127.0.0.2:${web.port}/`)}`;
    expect(await fetchError({ url: toLoopback })).toMatch(/loopback/);
    expect(await fetchError({ url: "gopher://127.0.0.1:70/" })).toMatch(/Only http/);
    expect(await fetchError({ url: "not a url" })).toMatch(/not an absolute URL/);
    expect(await fetchError({})).toMatch(/url is needed: an absolute http:\/\/ or https:\/\/ URL/);
  });

  it("reports a broken compressed body", async () => {
    expect(await fetchError({ url: `${web.origin}/broken-gzip` })).toMatch(/could not be decompressed/);
  });
});
