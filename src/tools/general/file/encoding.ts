import { z } from "zod";
import { lazy } from "../../../lazy.js";
import { ToolError } from "../../contract.js";

/** Only GBK/GB18030 files need it; UTF-8, UTF-16, latin1 and base64 are Node's own. */
const loadIconv = lazy(async () => (await import("iconv-lite")).default);

export const ENCODINGS = ["utf8", "utf16le", "latin1", "base64", "gbk", "gb18030"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * `encoding` as the model may spell it ("UTF-8", "GB2312", "utf-16le"), to one of ENCODINGS. The schema
 * sends a plain string instead of the enum, which costs tokens on every request; a wrong value gets an
 * error that lists the right ones.
 */
export const encodingSchema = z.string().transform((value, ctx): Encoding => {
  const key = value.toLowerCase().replace(/[-_\s]/g, "");
  const known = ENCODINGS.find((encoding) => encoding === key) ?? ALIASES[key];
  if (known) return known;
  ctx.addIssue({
    code: "custom",
    message: `"${value}" is not supported (不支持的编码); use one of ${ENCODINGS.join(", ")} (gbk/gb18030: Chinese Windows files; base64: binary data).`,
  });
  return z.NEVER;
});

const ALIASES: Record<string, Encoding> = {
  utf16: "utf16le",
  ucs2: "utf16le",
  iso88591: "latin1",
  gb2312: "gbk",
  cp936: "gbk",
};

/** Text (or base64) to the bytes to write; refuses characters the encoding cannot hold instead of writing "?". */
export async function encode(content: string, encoding: Encoding): Promise<Buffer> {
  switch (encoding) {
    case "utf8":
      return Buffer.from(content, "utf8");
    case "utf16le":
      return Buffer.from(content, "utf16le");
    case "latin1": {
      let index = 0;
      for (const char of content) {
        if (char.codePointAt(0)! > 0xff) throw unencodable(char, index, "latin1");
        index += char.length;
      }
      return Buffer.from(content, "latin1");
    }
    case "base64": {
      const compact = content.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, "").length % 4 === 1) {
        throw new ToolError("`content` is not valid base64.");
      }
      return Buffer.from(compact, "base64");
    }
    case "gbk":
    case "gb18030": {
      const iconv = await loadIconv();
      const bytes = iconv.encode(content, encoding);
      if (encoding === "gbk" && iconv.decode(bytes, encoding) !== content) {
        let index = 0;
        for (const char of content) {
          if (iconv.decode(iconv.encode(char, encoding), encoding) !== char)
            throw unencodable(char, index, encoding);
          index += char.length;
        }
      }
      return bytes;
    }
  }
}

function unencodable(char: string, index: number, encoding: string): ToolError {
  const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  const better = encoding === "gbk" ? "gb18030 or utf8" : "utf8";
  return new ToolError(
    `\`content\` has "${char}" (U+${code}) at position ${index}, which ${encoding} cannot represent; use ${better}.`,
  );
}

export interface Decoded {
  content: string;
  encoding: Encoding;
  /** Bytes of the buffer that were decoded: a character cut by the end of a partial read is left for the next. */
  used: number;
  note?: string;
}

/**
 * Bytes to text. Without an explicit encoding: a BOM decides, else valid UTF-8 is UTF-8, data with
 * NUL bytes is binary (base64), and anything else is taken as GB18030, the usual non-UTF-8 encoding
 * of Chinese text files (a superset of GBK and GB2312); the note says so.
 */
export async function decode(
  bytes: Buffer,
  requested: Encoding | undefined,
  atStart: boolean,
  atEnd: boolean,
): Promise<Decoded> {
  if (requested) return decodeAs(bytes, requested, atStart, atEnd);
  if (atStart && bytes[0] === 0xff && bytes[1] === 0xfe) return decodeAs(bytes, "utf16le", atStart, atEnd);
  const utf8Used = atEnd ? bytes.length : utf8Boundary(bytes);
  try {
    const content = new TextDecoder("utf-8", { fatal: true, ignoreBOM: !atStart }).decode(
      bytes.subarray(0, utf8Used),
    );
    return { content, encoding: "utf8", used: utf8Used };
  } catch {
    if (bytes.subarray(0, 8192).includes(0)) {
      return {
        ...(await decodeAs(bytes, "base64", atStart, atEnd)),
        note: "Binary data (not text); shown as base64.",
      };
    }
    return {
      ...(await decodeAs(bytes, "gb18030", atStart, atEnd)),
      note: "Not valid UTF-8; decoded as GB18030 (Chinese). If the text looks wrong, read again with encoding latin1 or base64.",
    };
  }
}

async function decodeAs(
  bytes: Buffer,
  encoding: Encoding,
  atStart: boolean,
  atEnd: boolean,
): Promise<Decoded> {
  let used = bytes.length;
  if (!atEnd) {
    if (encoding === "utf8") used = utf8Boundary(bytes);
    if (encoding === "utf16le") used -= used % 2;
    if (encoding === "gbk" || encoding === "gb18030") used = gbBoundary(bytes);
    if (encoding === "base64") used -= used % 3; // so that consecutive chunks concatenate into valid base64
  }
  const part = bytes.subarray(0, used);
  let content: string;
  if (encoding === "gbk" || encoding === "gb18030") content = (await loadIconv()).decode(part, encoding);
  else content = part.toString(encoding);
  if (atStart && (encoding === "utf8" || encoding === "utf16le") && content.startsWith("\uFEFF")) {
    content = content.slice(1);
  }
  return { content, encoding, used };
}

/** Length of the buffer without a UTF-8 sequence cut off at its end. */
function utf8Boundary(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** Length of the buffer without a GBK/GB18030 character cut off at its end (scanning from a character start). */
function gbBoundary(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const size =
      lead < 0x80 ? 1 : bytes[i + 1] !== undefined && bytes[i + 1]! >= 0x30 && bytes[i + 1]! <= 0x39 ? 4 : 2;
    if (i + size > bytes.length) return i;
    i += size;
  }
  return i;
}
