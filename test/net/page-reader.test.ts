import { afterAll, describe, expect, it } from "vitest";
import { NetError } from "../../src/net/errors.js";
import { pageReaderStarted, readPage, stopPageReader } from "../../src/net/page-reader.js";
import { scanPage } from "../../src/net/page-scan.js";
import { flatHtml, nestedHtml } from "../fixtures/web/hostile-html.js";

afterAll(() => stopPageReader());

const URL = "http://example.com/page";
const NO_LIMITS = { maxDepth: 1_000_000, maxElements: 10_000_000 };

/** Lets `n` turns of the event loop pass. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function netError(promise: Promise<unknown>): Promise<NetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetError);
  return error as NetError;
}

describe("scanPage", () => {
  it("finds where a page goes deeper than the limit, counting the DOM's depth", () => {
    const html = "<div><p>a</p><div><span>b</span></div></div><i>c</i>";
    expect(scanPage(html, { maxDepth: 3, maxElements: 100 })).toBeUndefined();
    expect(scanPage(html, { maxDepth: 2, maxElements: 100 })).toEqual({
      reason: "depth",
      at: html.indexOf("<span>"),
    });
  });

  it("closes void elements and implied ends the way the DOM does", () => {
    const html = "<ul><li>1<li>2<li>3</ul>" + "<br><img src=x><input>".repeat(100);
    expect(scanPage(html, { maxDepth: 2, maxElements: 1000 })).toBeUndefined();
  });

  it("finds the first element past the count", () => {
    const html = flatHtml(10);
    const overflow = scanPage(html, { maxDepth: 10, maxElements: 8 });
    expect(overflow?.reason).toBe("elements");
    // html, head, title, body and 4 paragraphs fit: the fifth <p> is the ninth element.
    expect(html.slice(overflow!.at)).toMatch(/^<p>4<\/p>/);
  });

  it("stops early on a page nested 100,000 deep (the tokenizer's own cost grows with depth)", () => {
    const html = "<div>".repeat(100_000);
    expect(scanPage(html, { maxDepth: 256, maxElements: 50_000 })).toEqual({ reason: "depth", at: 256 * 5 });
  });
});

describe("readPage", () => {
  it("starts no process before the first page", () => {
    expect(pageReaderStarted()).toBe(false);
  });

  it("reads an ordinary page in its child process", async () => {
    const html =
      "<html><head><title>Tea</title></head><body><main><h1>Green tea</h1>" +
      "<p>Brew green tea at 80 °C for two minutes; boiling water makes it bitter. ".repeat(5) +
      "</p></main></body></html>";
    const page = await readPage(html, URL, { links: false });
    expect(page.title).toBe("Tea");
    expect(page.markdown).toContain("Brew green tea at 80 °C");
    expect(page.overflow).toBeUndefined();
    expect(pageReaderStarted()).toBe(true);
  });

  it("stops a page that runs over its time in the child, while the event loop goes on, and reads the next", async () => {
    // Without the limits, Readability spends many seconds on 2,000 levels (and overflows its stack at 10,000).
    const reading = netError(
      readPage(nestedHtml(2_000), URL, { links: false, limits: NO_LIMITS, timeoutMs: 1500 }),
    );
    let settled = false;
    void reading.then(() => (settled = true));
    await turns(500);
    expect(settled).toBe(false); // on the event loop, the read would have held these turns until it ended
    const error = await reading;
    expect(error.kind).toBe("too_complex");
    expect(error.message).toMatch(/reading it took more than 2 s and was stopped/);

    const next = await readPage(nestedHtml(10), URL, { links: false });
    expect(next.markdown).toBe("The innermost sentence.");
  });

  it("stops the child when the caller gives up", async () => {
    const controller = new AbortController();
    const reading = netError(
      readPage(nestedHtml(2_000), URL, { links: false, limits: NO_LIMITS, signal: controller.signal }),
    );
    await turns(50);
    controller.abort(new Error("the turn was cancelled"));
    expect((await reading).kind).toBe("aborted");
    expect(pageReaderStarted()).toBe(false);
  });

  it("answers a caller who gives up while waiting behind another page at once", async () => {
    const first = new AbortController();
    const reading = netError(
      readPage(nestedHtml(2_000), URL, { links: false, limits: NO_LIMITS, signal: first.signal }),
    );
    const second = new AbortController();
    const waiting = netError(readPage(nestedHtml(10), URL, { links: false, signal: second.signal }));
    let firstSettled = false;
    void reading.then(() => (firstSettled = true));
    second.abort(new Error("the turn was cancelled"));
    expect((await waiting).kind).toBe("aborted");
    expect(firstSettled).toBe(false);
    first.abort(new Error("done"));
    expect((await reading).kind).toBe("aborted");
  });

  it("refuses a page with nothing readable before the limits", async () => {
    const error = await netError(readPage(nestedHtml(1_000), URL, { links: false }));
    expect(error.kind).toBe("too_complex");
    expect(error.message).toContain("more than 256 levels of nested elements before any readable text");
  });
});
