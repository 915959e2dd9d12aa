/**
 * The words the full-text index knows. SQLite's unicode61 tokenizer keeps a run of Chinese characters as one
 * token (Chinese has no spaces), and trigram cannot find a two-character word; so text is indexed as derived
 * tokens instead: Latin words (stemmed by the FTS table's porter tokenizer), and for Chinese and Japanese every
 * character and every pair of neighbouring characters. A query is split the same way, its CJK runs into
 * pairs: "滤网" finds "空调滤网要每月清洗" through the pair 滤网.
 */

const CJK = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";
const RUNS = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)`, "gu");

/** Too common to tell passages apart; never worth a query term. */
const STOP_WORDS = new Set(
  (
    "a an the and or of to in on at for is are was were be been being it its this that these those with as by " +
    "from do does did how what when where which who whom why can could should would will shall may might must " +
    "i you me my mine your yours we our us he she him his her they them their there here about into than then " +
    "so if not no yes please tell know any some all also just s t"
  ).split(" "),
);

/** Question words and fillers of Chinese questions: "怎么清洗滤网" is about 清洗 and 滤网, not 怎么. */
const CJK_STOP_PAIRS = new Set(
  (
    "怎么 怎样 什么 如何 哪里 哪个 哪些 为什 多少 是否 可以 一下 请问 告诉 知道 我们 你们 我的 你的 " +
    "一个 这个 那个 是不 不是 的时 时候 有没 没有 吗 呢 吧 的 了 是 我 你"
  ).split(" "),
);

const MAX_QUERY_TERMS = 40;

function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The text as the index stores it: space-separated tokens. */
export function indexTokens(text: string): string {
  const out: string[] = [];
  for (const match of normalize(text).matchAll(RUNS)) {
    if (match[1]) {
      const chars = [...match[1]];
      for (let i = 0; i < chars.length; i++) {
        out.push(chars[i]!);
        if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
      }
    } else if (match[2] && !STOP_WORDS.has(match[2])) out.push(match[2]);
  }
  return out.join(" ");
}

/**
 * The distinct terms of a query: Latin words without stop words, single CJK characters standing alone, and
 * the character pairs of longer CJK runs (without question-word pairs, unless nothing else is left).
 */
export function queryTerms(text: string): string[] {
  const terms = new Set<string>();
  const fallback = new Set<string>();
  for (const match of normalize(text).matchAll(RUNS)) {
    if (match[1]) {
      const chars = [...match[1]];
      const pairs = chars.length === 1 ? chars : chars.slice(0, -1).map((char, i) => char + chars[i + 1]!);
      for (const pair of pairs) (CJK_STOP_PAIRS.has(pair) ? fallback : terms).add(pair);
    } else if (match[2]) (STOP_WORDS.has(match[2]) ? fallback : terms).add(match[2]);
  }
  return [...(terms.size ? terms : fallback)].slice(0, MAX_QUERY_TERMS);
}

/** An FTS5 MATCH expression: any of the terms, each quoted (bm25 ranks passages with more and rarer ones first). */
export function matchExpression(terms: string[]): string | undefined {
  if (terms.length === 0) return undefined;
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
}

const CJK_CHAR = new RegExp(`[${CJK}]`, "gu");

/** About how many LLM tokens a text is: a CJK character about one, four other characters about one. */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
