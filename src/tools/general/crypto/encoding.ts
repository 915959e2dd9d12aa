import { ToolError } from "../../contract.js";

export const ENCODINGS = ["base64", "base64url", "hex", "url"] as const;
export type Encoding = (typeof ENCODINGS)[number];

export function textEncoding(name: string | undefined): Encoding {
  if (name === undefined) throw new ToolError(`"encoding" is needed: one of ${ENCODINGS.join(", ")}.`);
  const found = ENCODINGS.find((encoding) => encoding === name.trim().toLowerCase());
  if (!found) throw new ToolError(`Unsupported encoding "${name}". Supported: ${ENCODINGS.join(", ")}.`);
  return found;
}

export function encode(text: string, encoding: Encoding): string {
  return encoding === "url" ? encodeURIComponent(text) : Buffer.from(text, "utf8").toString(encoding);
}

export function decode(text: string, encoding: Encoding) {
  if (encoding === "url") {
    try {
      return { encoding, text: decodeURIComponent(text.replace(/\+/g, " ")) };
    } catch {
      throw new ToolError(
        "The text has malformed percent-encoding: every % must be followed by two hex digits.",
      );
    }
  }
  const bytes = strictBytes(text, encoding);
  try {
    return { encoding, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return {
      encoding,
      hex: bytes.toString("hex"),
      base64: bytes.toString("base64"),
      note: "The decoded bytes are not UTF-8 text; shown as hex and base64.",
    };
  }
}

const PATTERNS: Record<"hex" | "base64" | "base64url", RegExp> = {
  hex: /^(?:[0-9a-fA-F]{2})*$/,
  base64: /^[A-Za-z0-9+/]*={0,2}$/,
  base64url: /^[A-Za-z0-9_-]*={0,2}$/,
};

/** Decodes hex/base64 and refuses malformed input instead of silently skipping characters. */
function strictBytes(text: string, encoding: "hex" | "base64" | "base64url"): Buffer {
  const compact = text.replace(/\s+/g, "");
  if (
    !PATTERNS[encoding].test(compact) ||
    (encoding !== "hex" && compact.replace(/=+$/, "").length % 4 === 1)
  ) {
    throw new ToolError(`The text is not valid ${encoding}.`);
  }
  return Buffer.from(compact, encoding);
}
