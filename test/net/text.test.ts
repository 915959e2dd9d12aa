import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  decodeBody,
  normalizeCharset,
  parseContentType,
  sniffDeclaredCharset,
} from "../../src/net/charset.js";
import { cutText, formatBytes, shrinkJson } from "../../src/net/text.js";

describe("charsets", () => {
  it("parses content types", () => {
    expect(parseContentType('text/HTML; Charset="GBK"')).toEqual({ mime: "text/html", charset: "GBK" });
    expect(parseContentType(undefined)).toEqual({ mime: "" });
  });

  it("maps the labels browsers accept onto iconv-lite decoders", async () => {
    expect(await normalizeCharset("GB2312")).toBe("gb18030");
    expect(await normalizeCharset("gbk")).toBe("gb18030");
    expect(await normalizeCharset("Big5")).toBe("big5hkscs");
    expect(await normalizeCharset("ISO-8859-1")).toBe("windows-1252");
    expect(await normalizeCharset("shift_jis")).toBe("shift_jis");
    expect(await normalizeCharset("no-such-charset")).toBeUndefined();
  });

  it("finds charsets declared in the document", () => {
    expect(sniffDeclaredCharset(Buffer.from('<html><head><meta charset="gb2312">'))).toBe("gb2312");
    expect(
      sniffDeclaredCharset(
        Buffer.from('<meta http-equiv="content-type" content="text/html; charset=big5" />'),
      ),
    ).toBe("big5");
    expect(sniffDeclaredCharset(Buffer.from('<?xml version="1.0" encoding="GBK"?><rss/>'))).toBe("GBK");
  });

  it("prefers the byte-order mark, then the header, then the document", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("温度", "utf16le")]);
    expect((await decodeBody(utf16, "text/plain; charset=gbk")).text).toBe("温度");
    const gbk = iconv.encode('<meta charset="utf-8"><p>温度</p>', "gbk");
    expect((await decodeBody(gbk, "text/html; charset=gbk")).text).toContain("温度");
  });

  it("guesses undeclared bodies: UTF-8, else GB18030 for Chinese, else windows-1252", async () => {
    expect(await decodeBody(Buffer.from("Grüße 温度"), "text/plain")).toMatchObject({ charset: "utf-8" });
    expect(
      await decodeBody(iconv.encode("今天的温度是二十三度，湿度百分之六十。", "gbk"), undefined),
    ).toEqual({
      text: "今天的温度是二十三度，湿度百分之六十。",
      charset: "gb18030",
    });
    expect(await decodeBody(iconv.encode("Grüße aus Köln", "latin1"), undefined)).toEqual({
      text: "Grüße aus Köln",
      charset: "windows-1252",
    });
  });

  it("decodes UTF-8 as iconv-lite would: byte-order mark dropped, invalid bytes replaced", async () => {
    const bom = Buffer.from("\uFEFF温度 23 °C");
    expect(await decodeBody(bom, "text/plain")).toEqual({ text: "温度 23 °C", charset: "utf-8" });
    const broken = Buffer.concat([Buffer.from("温"), Buffer.from([0xff]), Buffer.from("度")]);
    expect((await decodeBody(broken, "text/plain; charset=UTF-8")).text).toBe(iconv.decode(broken, "utf-8"));
  });

  it("tolerates a UTF-8 character cut off by truncation", async () => {
    const cut = Buffer.from("温度").subarray(0, 4);
    expect((await decodeBody(cut, undefined)).charset).toBe("utf-8");
  });
});

describe("cutText", () => {
  it("leaves short text alone", () => {
    expect(cutText("short", 10)).toEqual({ text: "short", cut: false });
  });

  it("cuts at a paragraph break when there is one late enough", () => {
    const text = `${"a".repeat(80)}\n\n${"b".repeat(50)}`;
    expect(cutText(text, 100)).toEqual({ text: "a".repeat(80), cut: true });
  });

  it("cuts Chinese text after a full stop", () => {
    const text = "今天天气很好。".repeat(20);
    const { text: cut } = cutText(text, 50);
    expect(cut.endsWith("。")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(50);
  });

  it("cuts hard when there is no boundary", () => {
    expect(cutText("x".repeat(100), 10)).toEqual({ text: "x".repeat(10), cut: true });
  });
});

describe("shrinkJson", () => {
  it("keeps small values as they are", () => {
    expect(shrinkJson({ a: [1, 2, 3] }, 100)).toEqual({ value: { a: [1, 2, 3] }, cut: false });
  });

  it("keeps the first items of long arrays and says how many are left", () => {
    const value = { items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const result = shrinkJson(value, 2000)!;
    expect(result.cut).toBe(true);
    expect(JSON.stringify(result.value).length).toBeLessThanOrEqual(2000);
    const items = (result.value as { items: unknown[] }).items;
    expect(items[0]).toEqual({ id: 0, name: "item 0" });
    expect(items.at(-1)).toMatch(/^…\(\d+ more items\)$/);
  });

  it("gives up on values that cannot fit", () => {
    expect(shrinkJson({ a: { b: { c: "x".repeat(100) } } }, 10)).toBeUndefined();
  });
});

describe("formatBytes", () => {
  it("formats sizes", () => {
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(4096)).toBe("4 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
  });
});
