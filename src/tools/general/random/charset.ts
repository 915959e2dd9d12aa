import { ToolError } from "../../contract.js";

const PRESETS: Record<string, string> = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  alpha: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  numeric: "0123456789",
  hex: "0123456789abcdef",
  lower: "abcdefghijklmnopqrstuvwxyz",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  password: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()-_=+[]{};:,.?",
};

/** Other names an LLM may use for the presets, without spaces, dashes or underscores. */
const SYNONYMS: Record<string, string> = {
  alphanumeric: "alnum",
  letters: "alpha",
  alphabetic: "alpha",
  digits: "numeric",
  digit: "numeric",
  numbers: "numeric",
  number: "numeric",
  hexadecimal: "hex",
  lowercase: "lower",
  uppercase: "upper",
  symbols: "password",
  strong: "password",
};

const MAX_POOL = 10_000;

/**
 * The characters a random string is drawn from: a preset ("alnum", "hex", …) or the characters
 * themselves, where "A-Z", "a-z" and "0-9" style ranges are expanded ("A-Z0-9", "ABC123", "🍎🍌").
 */
export function characterPool(charset: string | undefined): string[] {
  if (charset === undefined) return [...PRESETS.alnum!];
  const name = charset
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  const preset = PRESETS[SYNONYMS[name] ?? name];
  if (preset) return [...preset];
  if (/^[A-Za-z]+(?:[\s_-][A-Za-z]+)*$/.test(charset.trim()) && name.length >= 4) {
    throw new ToolError(
      `Unknown charset "${charset}": use alnum, alpha, numeric, hex, lower, upper, password, ` +
        'or the characters themselves, where ranges work ("A-Z0-9", "a-f").',
    );
  }
  const segments = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(expandRanges(charset));
  const pool = [...new Set(Array.from(segments, (segment) => segment.segment))];
  if (pool.length === 0)
    throw new ToolError('"charset" must not be empty: give a preset such as alnum, or characters.');
  if (pool.length > MAX_POOL)
    throw new ToolError(`"charset" may hold at most ${MAX_POOL} distinct characters.`);
  return pool;
}

/** "A-Z0-9" → "AB…Z01…9"; a "-" that is not between two letters or digits of one kind stays itself. */
function expandRanges(text: string): string {
  return text.replace(/([0-9])-([0-9])|([a-z])-([a-z])|([A-Z])-([A-Z])/g, (whole, ...groups: string[]) => {
    const [from, to] = groups.slice(0, 6).filter((group) => group !== undefined);
    const start = from!.charCodeAt(0);
    const end = to!.charCodeAt(0);
    if (start > end) return whole;
    return String.fromCharCode(...Array.from({ length: end - start + 1 }, (_, i) => start + i));
  });
}
