import { estimateTokens } from "./tokens.js";
import { clip } from "../text/clip.js";

/** A passage of a document: its text and the headings above it ("Maintenance > Filters"). */
export interface Chunk {
  heading: string;
  text: string;
}

export interface ChunkLimits {
  /** A chunk is closed once it holds about this many tokens. Default 220. */
  targetTokens?: number;
  /** No chunk is larger (longer paragraphs are split at sentence ends). Default 350. */
  maxTokens?: number;
}

interface Section {
  path: string[];
  blocks: string[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const SETEXT = /^\s*(=+|-+)\s*$/;

/**
 * Cuts Markdown (or plain text) into passages that follow its structure: a heading starts a new passage and
 * is kept with every passage below it; paragraphs are packed together up to the target size; a paragraph too
 * long for one passage is split at sentence ends (also 。！？；, which need no space after them), and a
 * sentence too long at a comma or, failing that, anywhere. Code blocks stay whole where they fit.
 */
export function chunkText(text: string, limits: ChunkLimits = {}): Chunk[] {
  const target = limits.targetTokens ?? 220;
  const max = limits.maxTokens ?? 350;
  const chunks: Chunk[] = [];
  for (const section of sections(text)) {
    const heading = section.path.join(" > ");
    let current: string[] = [];
    let size = 0;
    const flush = () => {
      if (current.length) chunks.push({ heading, text: current.join("\n\n") });
      current = [];
      size = 0;
    };
    for (const block of section.blocks.flatMap((b) => splitBlock(b, max))) {
      const tokens = estimateTokens(block);
      if (current.length && (size + tokens > max || size >= target)) flush();
      current.push(block);
      size += tokens;
    }
    flush();
  }
  return chunks;
}

/** The Markdown's sections, each with its heading path and its blocks (paragraphs, lists, code). */
function sections(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\0/g, "").split("\n");
  const result: Section[] = [];
  let path: string[] = [];
  let blocks: string[] = [];
  let block: string[] = [];
  let fence: string | undefined;
  const endBlock = () => {
    const joined = block.join("\n").trim();
    if (joined) blocks.push(joined);
    block = [];
  };
  const startSection = (level: number, title: string) => {
    endBlock();
    if (blocks.length) result.push({ path, blocks });
    blocks = [];
    path = [...path.slice(0, level - 1), title];
  };
  for (const line of lines) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence) {
      block.push(line);
      if (fenceMark === fence) {
        fence = undefined;
        endBlock();
      }
      continue;
    }
    if (fenceMark) {
      endBlock();
      fence = fenceMark;
      block.push(line);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      startSection(heading[1]!.length, cleanHeading(heading[2]!));
      continue;
    }
    const underline = SETEXT.exec(line);
    if (underline && block.length === 1 && block[0]!.trim() && !/^\s*[-*+>|]/.test(block[0]!)) {
      const title = cleanHeading(block[0]!);
      block = [];
      startSection(underline[1]!.startsWith("=") ? 1 : 2, title);
      continue;
    }
    if (line.trim() === "") endBlock();
    else block.push(line);
  }
  endBlock();
  if (blocks.length) result.push({ path, blocks });
  return result;
}

function cleanHeading(text: string): string {
  return clip(
    text
      .replace(/[*_`]/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .trim(),
    200,
  );
}

/** A block that fits, or its sentences packed into pieces that do. */
function splitBlock(block: string, max: number): string[] {
  if (estimateTokens(block) <= max) return [block];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences(block).flatMap((s) => cutSentence(s, max))) {
    if (current && estimateTokens(current + sentence) > max) {
      pieces.push(current.trim());
      current = "";
    }
    current += sentence;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

const CLOSERS = "”’\"')\\]」』）";
const SENTENCE_END = new RegExp(
  `(?<=[。！？；!?;][${CLOSERS}]*|\\.[${CLOSERS}]*(?=\\s)|\\n)(?![。！？；!?;${CLOSERS}])`,
  "u",
);

/** Sentences with their end marks and following spaces kept, so joining them gives the text back. */
export function sentences(text: string): string[] {
  return text.split(SENTENCE_END).filter((s) => s.length > 0);
}

/** A sentence longer than `max`: cut after commas (，、,：:) or spaces, else every `max` characters' worth. */
function cutSentence(sentence: string, max: number): string[] {
  if (estimateTokens(sentence) <= max) return [sentence];
  const parts = sentence.split(/(?<=[，、,：:]|\s)/u);
  const out: string[] = [];
  let current = "";
  for (const part of parts) {
    for (const piece of estimateTokens(part) > max ? hardCut(part, max) : [part]) {
      if (current && estimateTokens(current + piece) > max) {
        out.push(current);
        current = "";
      }
      current += piece;
    }
  }
  if (current) out.push(current);
  return out;
}

function hardCut(text: string, max: number): string[] {
  const chars = [...text];
  const step = Math.max(1, Math.floor((max * chars.length) / estimateTokens(text)));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += step) out.push(chars.slice(i, i + step).join(""));
  return out;
}
