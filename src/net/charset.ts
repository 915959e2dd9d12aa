import { lazy } from "../lazy.js";

/** Only for legacy charsets: UTF-8 bodies (nearly all) are decoded without loading it. */
const loadIconv = lazy(async () => (await import("iconv-lite")).default);

export interface ContentType {
  /** Lower-case media type without parameters, "" when absent. */
  mime: string;
  charset?: string;
}

export function parseContentType(header: string | undefined): ContentType {
  if (!header) return { mime: "" };
  const [type = "", ...params] = header.split(";");
  let charset: string | undefined;
  for (const param of params) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param);
    if (match) charset = match[1];
  }
  return { mime: type.trim().toLowerCase(), charset };
}

/** WHATWG treats these labels as one decoder; iconv-lite names them differently. */
const ALIASES: Record<string, string> = {
  gb2312: "gb18030",
  gbk: "gb18030",
  "x-gbk": "gb18030",
  chinese: "gb18030",
  csgb2312: "gb18030",
  "gb_2312-80": "gb18030",
  "iso-ir-58": "gb18030",
  "x-euc-cn": "gb18030",
  big5: "big5hkscs",
  "big5-hkscs": "big5hkscs",
  "x-x-big5": "big5hkscs",
  "cn-big5": "big5hkscs",
  csbig5: "big5hkscs",
  "iso-8859-1": "windows-1252",
  "iso8859-1": "windows-1252",
  latin1: "windows-1252",
  "us-ascii": "windows-1252",
  ascii: "windows-1252",
  "unicode-1-1-utf-8": "utf-8",
  utf8: "utf-8",
  "x-sjis": "shift_jis",
};

/** The iconv-lite name for a charset label, or undefined when unknown. */
export async function normalizeCharset(label: string | undefined): Promise<string | undefined> {
  if (!label) return undefined;
  const key = label.trim().toLowerCase();
  const name = ALIASES[key] ?? key;
  if (name === "utf-8") return name;
  return (await loadIconv()).encodingExists(name) ? name : undefined;
}

/** A charset declared inside the document: `<meta charset>`, `http-equiv` Content-Type, or `<?xml encoding?>`. */
export function sniffDeclaredCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 4096).toString("latin1");
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  if (meta) return meta[1];
  const xml = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  return xml?.[1];
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  return undefined;
}

export interface DecodedText {
  text: string;
  /** The charset used, as iconv-lite names it. */
  charset: string;
}

/**
 * Decodes a text body: byte-order mark, then the Content-Type charset, then (for markup) a charset
 * declared in the document, then a guess — UTF-8 when valid, else GB18030 when that reads as Chinese,
 * else windows-1252.
 */
export async function decodeBody(
  body: Buffer,
  contentType: string | undefined,
  markup = true,
): Promise<DecodedText> {
  const declared =
    bomCharset(body) ??
    (await normalizeCharset(parseContentType(contentType).charset)) ??
    (markup ? await normalizeCharset(sniffDeclaredCharset(body)) : undefined);
  const charset = declared ?? (await guessCharset(body));
  // Like iconv-lite, TextDecoder drops a leading byte-order mark and replaces invalid bytes with U+FFFD.
  if (charset === "utf-8") return { text: new TextDecoder("utf-8").decode(body), charset };
  return { text: (await loadIconv()).decode(body, charset), charset };
}

async function guessCharset(body: Buffer): Promise<string> {
  try {
    // `stream: true` tolerates a character cut in two at the end of a truncated body.
    new TextDecoder("utf-8", { fatal: true }).decode(body, { stream: true });
    return "utf-8";
  } catch {
    const sample = (await loadIconv()).decode(body.subarray(0, 16_384), "gb18030");
    const nonAscii = sample.replace(/[^\u0080-\uffff]/g, "");
    const han = nonAscii.match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/g)?.length ?? 0;
    return nonAscii.length > 0 && han / nonAscii.length > 0.8 ? "gb18030" : "windows-1252";
  }
}
