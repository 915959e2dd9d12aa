import { ToolError } from "../../contract.js";

export const MAX_PATTERN_LENGTH = 1_000;

export interface Regex {
  source: string;
  flags: string;
}

/** A JavaScript literal with flags, `/\d+/i`; anything else is a bare pattern. */
const SLASHED = /^\/([\s\S]+)\/([a-z]*)$/;
/** Leading inline flags as other regex dialects write them, `(?i)x`; JavaScript has none. */
const INLINE_FLAGS = /^\(\?([a-z]+)\)/;
const SUPPORTED_FLAGS = "gimsuy";

/** Reads the `regex` argument, given bare (`\d+`), as `/\d+/i` or as `(?i)\d+`. */
export function parseRegex(written: string): Regex {
  checkPattern(written, "regex");
  const slashed = SLASHED.exec(written);
  const inline = slashed ? null : INLINE_FLAGS.exec(written);
  const source = slashed ? slashed[1]! : inline ? written.slice(inline[0].length) : written;
  const flags = slashed ? slashed[2]! : (inline?.[1] ?? "");
  const bad = [...flags].filter((flag) => !SUPPORTED_FLAGS.includes(flag));
  if (bad.length) {
    throw new ToolError(
      `Unsupported regex flag(s) "${bad.join("")}": use only g, i, m, s, u, y, as in /\\d+/i.`,
    );
  }
  return { source, flags: [...new Set(flags)].join("") };
}

/** A regex that finds `literal` exactly. */
export function literalRegex(literal: string): Regex {
  checkPattern(literal, "find");
  return { source: literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), flags: "u" };
}

export function checkPattern(pattern: string, field: string): string {
  if (pattern === "") throw new ToolError(`"${field}" is empty: send the text to look for (${field} 为空).`);
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new ToolError(`"${field}" is too long (at most ${MAX_PATTERN_LENGTH} characters).`);
  }
  return pattern;
}
