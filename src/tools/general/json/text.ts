import { ToolError } from "../../contract.js";
import { lazy } from "../../../lazy.js";
import { clip } from "../../../text/clip.js";

/** Only needed to explain a syntax error, so loaded then. */
const jsoncParser = lazy(() => import("jsonc-parser"));

export interface ScanResult {
  depth: number;
  /** The first integer literal that a JavaScript number cannot hold exactly, if any. */
  unsafeInteger?: string;
}

/**
 * One pass over the text, before JSON.parse: measures nesting depth (the recursive steps after
 * parsing, and JSON.stringify itself, would overflow the stack on very deep input) and notices
 * integers beyond 2^53, which JSON.parse silently rounds.
 */
export function scanJson(text: string, label: string, maxDepth: number): ScanResult {
  let depth = 0;
  let maxSeen = 0;
  let unsafeInteger: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) {
        throw new ToolError(
          `${label} is nested deeper than ${maxDepth} levels; this tool does not accept it.`,
        );
      }
      if (depth > maxSeen) maxSeen = depth;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (unsafeInteger === undefined && (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39))) {
      const literal = /^-?\d+(?![.eE\d])/.exec(text.slice(i, i + 400))?.[0];
      if (literal && literal.replace("-", "").length > 15 && !Number.isSafeInteger(Number(literal))) {
        unsafeInteger = literal;
      }
      while (i + 1 < text.length && /[-+\d.eE]/.test(text[i + 1]!)) i++;
    }
  }
  return { depth: maxSeen, unsafeInteger };
}

export function precisionNote(scan: ScanResult): string | undefined {
  return scan.unsafeInteger
    ? `Integers beyond 2^53 (such as ${clip(scan.unsafeInteger, 30)}) lose precision in parsed values.`
    : undefined;
}

export interface JsonLocation {
  message: string;
  line: number;
  column: number;
  excerpt: string;
}

/** Keyed by the names printParseErrorCode gives (jsonc-parser's codes are a const enum). */
const MESSAGES: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "malformed number",
  UnexpectedEndOfNumber: "malformed number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected ':' after the property name",
  CommaExpected: "expected ',' or a closing bracket (a comma is probably missing)",
  CloseBraceExpected: "expected '}' (the object is not closed)",
  CloseBracketExpected: "expected ']' (the array is not closed)",
  EndOfFileExpected: "unexpected text after the end of the JSON value (only one value is allowed)",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "comments are not allowed in JSON",
  UnexpectedEndOfString: "unterminated string",
  InvalidUnicode: "invalid \\u escape (it needs 4 hex digits)",
  InvalidEscapeCharacter: "invalid escape in a string (write a backslash as \\\\)",
  InvalidCharacter: "raw control character inside a string (use \\n, \\t or \\u00XX)",
};

/** Where and why JSON.parse failed, with a hint for the mistakes models and people make most. */
export async function locateJsonError(text: string, fallback: string): Promise<JsonLocation> {
  const { printParseErrorCode, visit } = await jsoncParser();
  let first: { code: string; offset: number; length: number } | undefined;
  visit(
    text,
    {
      onError: (code, offset, length) => void (first ??= { code: printParseErrorCode(code), offset, length }),
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  const offset = first?.offset ?? /position (\d+)/.exec(fallback)?.[1];
  const at = Math.min(Number(offset ?? 0), text.length);
  let message = first ? (MESSAGES[first.code] ?? "syntax error") : fallback;
  if (first) message += hint(text, first.code, at, first.length);
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
  const from = Math.max(lineStart, at - 40);
  const snippet = text
    .slice(from, Math.min(lineEnd, at + 30))
    .replace(/\t/g, " ")
    .replace(/\r/g, "");
  const prefix = from > lineStart ? "…" : "";
  const excerpt = `${prefix}${snippet}\n${" ".repeat(prefix.length + at - from)}^`;
  return { message, line, column: at - lineStart + 1, excerpt };
}

function hint(text: string, code: string, at: number, length: number): string {
  const token = text.slice(at, at + Math.min(length || 1, 20));
  const previous = text.slice(0, at).trimEnd().at(-1);
  if (
    previous === "," &&
    (code === "PropertyNameExpected" || code === "ValueExpected") &&
    /^\s*[}\]]/.test(text.slice(at))
  ) {
    return " — a trailing comma before } or ] is not allowed";
  }
  if (code !== "InvalidSymbol") return "";
  if (token.startsWith("'")) return " — JSON strings and names need double quotes, not single quotes";
  if (/^(NaN|-?Infinity|undefined)\b/.test(token))
    return ` — ${token} is not a JSON value; use null or a number`;
  if (/^[A-Za-z_$][\w$]*/.test(token) && /^[A-Za-z_$][\w$]*\s*:/.test(text.slice(at))) {
    return " — property names need double quotes";
  }
  if (token.startsWith("\uFEFF")) return " — remove the byte-order mark at the start";
  return ` '${token.slice(0, 1)}'`;
}

/**
 * Re-indents or minifies text that JSON.parse has accepted, token by token, so that numbers keep
 * their exact digits, and key order and duplicate keys stay as written.
 */
export function reformat(text: string, indent: number): string {
  const out: string[] = [];
  const newline = (level: number) => (indent > 0 ? "\n" + " ".repeat(indent * level) : "");
  let level = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") continue;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out.push(text.slice(start, i + 1));
    } else if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      let next = i + 1;
      while (next < text.length && " \t\n\r".includes(text[next]!)) next++;
      if (text[next] === close) {
        out.push(c + close);
        i = next;
      } else {
        out.push(c, newline(++level));
      }
    } else if (c === "}" || c === "]") {
      out.push(newline(--level), c);
    } else if (c === ",") {
      out.push(",", newline(level));
    } else if (c === ":") {
      out.push(indent > 0 ? ": " : ":");
    } else {
      const start = i;
      while (i + 1 < text.length && !/[\s,:{}[\]"]/.test(text[i + 1]!)) i++;
      out.push(text.slice(start, i + 1));
    }
  }
  return out.join("");
}
