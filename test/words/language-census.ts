import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Which source files outside src/words hold language data, by this definition (issue 32's "count of files
 * that hold language data"). Comments are left out: a block comment, a line that starts with // or *, and
 * a " // " to the end of a line.
 * What is left holds language data when it has
 *   - a Han character (U+4E00–U+9FFF), or
 *   - a Latin letter with a diacritic (U+00C0–U+024F, but × and ÷), or
 *   - an English word list: a regular-expression literal that reads words (it has a \b) and whose alternation
 *     has three or more plain words of two or more letters (/\b(?:after|past|later)\b/).
 * It is a census, not a parser: a regex-looking division or a "//" inside a string can mislead it, and
 * English word lists kept as arrays of strings are not counted.
 */
export interface CensusEntry {
  file: string;
  han: boolean;
  latin: boolean;
  englishList: boolean;
}

const HAN = /[\u4e00-\u9fff]/u;
const LATIN = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]/u;
const REGEX_LITERAL = /(?<![\w)\]])\/(?![/*])((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/[dgimsuvy]*/g;
const PLAIN_WORD = /^[a-z]{2,}$/i;

export function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !/^\s*(?:\/\/|\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ""))
    .join("\n");
}

export function hasEnglishList(code: string): boolean {
  for (const [, body] of code.matchAll(REGEX_LITERAL)) {
    if (!body!.includes("\\b")) continue;
    for (const group of body!.split(/[()]/)) {
      const alternatives = group.replace(/^\?:/, "").replace(/\\b/g, "").split("|");
      if (alternatives.filter((word) => PLAIN_WORD.test(word.trim())).length >= 3) return true;
    }
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

export function languageCensus(root: string): CensusEntry[] {
  const src = join(root, "src");
  return sourceFiles(src)
    .map((path) => ({ path, file: relative(root, path).split("\\").join("/") }))
    .filter(({ file }) => !file.startsWith("src/words/"))
    .map(({ path, file }) => {
      const code = codeOf(readFileSync(path, "utf8"));
      return { file, han: HAN.test(code), latin: LATIN.test(code), englishList: hasEnglishList(code) };
    })
    .filter((entry) => entry.han || entry.latin || entry.englishList)
    .sort((a, b) => a.file.localeCompare(b.file));
}
