import { z } from "zod";
import { decodeBody } from "../../../net/charset.js";
import type { GuardedResponse } from "../../../net/fetch.js";
import { ToolError } from "../../contract.js";
import { clip } from "../../../text/clip.js";

const SNIPPET_CHARS = 300;

const resultSchema = z.looseObject({
  url: z.string().optional(),
  title: z.string().nullish(),
  content: z.string().nullish(),
  engine: z.string().nullish(),
  engines: z.array(z.string()).nullish(),
  publishedDate: z.string().nullish(),
  category: z.string().nullish(),
});

const responseSchema = z.looseObject({
  query: z.string().optional(),
  number_of_results: z.number().nullish(),
  results: z.array(z.unknown()),
  answers: z.array(z.unknown()).nullish(),
  corrections: z.array(z.unknown()).nullish(),
  infoboxes: z.array(z.unknown()).nullish(),
  suggestions: z.array(z.unknown()).nullish(),
  unresponsive_engines: z.array(z.unknown()).nullish(),
});

const infoboxSchema = z.looseObject({
  infobox: z.string().nullish(),
  content: z.string().nullish(),
  urls: z.array(z.looseObject({ title: z.string().nullish(), url: z.string().nullish() })).nullish(),
  attributes: z.array(z.looseObject({ label: z.string().nullish(), value: z.unknown() })).nullish(),
});

/** The tool's answer from SearXNG's response; throws `ToolError`s that say how to fix SearXNG's settings. */
export async function formatResponse(
  response: GuardedResponse,
  base: URL,
  count: number,
): Promise<Record<string, unknown>> {
  const where = `SearXNG at ${base.origin}`;
  if (response.status === 403) {
    throw new ToolError(
      `${where} refused the JSON format (HTTP 403). Enable it in SearXNG's settings.yml: under "search:" set ` +
        '"formats:" to include json (e.g. formats: [html, json]), then restart SearXNG.',
    );
  }
  if (response.status === 429) {
    throw new ToolError(
      `${where} is rate-limiting requests (HTTP 429, its limiter / bot detection). Wait a little and retry, or ` +
        "in SearXNG's settings.yml turn off server.limiter or add Cyrene's IP to botdetection's pass_ip list.",
    );
  }
  if (response.status !== 200) {
    throw new ToolError(`${where} answered HTTP ${response.status} ${response.statusText}`.trim() + ".");
  }
  const { text } = await decodeBody(response.body, response.headers["content-type"], false);
  let parsed: z.infer<typeof responseSchema>;
  try {
    parsed = responseSchema.parse(JSON.parse(text));
  } catch {
    const type = response.headers["content-type"] ?? "no content type";
    throw new ToolError(
      `${where} did not return its JSON search response (got ${type}, starting "${clip(text.trim(), 120)}"). ` +
        "Check that the configured URL is the SearXNG base URL.",
    );
  }

  const seen = new Set<string>();
  const results: Record<string, unknown>[] = [];
  for (const raw of parsed.results) {
    const item = resultSchema.safeParse(raw);
    if (!item.success || !item.data.url || seen.has(item.data.url)) continue;
    seen.add(item.data.url);
    const entry: Record<string, unknown> = { title: clean(item.data.title ?? ""), url: item.data.url };
    const snippet = clean(item.data.content ?? "");
    if (snippet) entry.snippet = clip(snippet, SNIPPET_CHARS);
    if (item.data.publishedDate) entry.published = item.data.publishedDate.slice(0, 10);
    const engine = item.data.engine ?? item.data.engines?.[0];
    if (engine) entry.engine = engine;
    results.push(entry);
    if (results.length >= count) break;
  }

  const out: Record<string, unknown> = { query: parsed.query ?? "", results };
  const answers = (parsed.answers ?? []).map(answerText).filter((a): a is string => !!a);
  if (answers.length) out.answers = answers.slice(0, 5);
  const infoboxes = (parsed.infoboxes ?? []).map(compactInfobox).filter((i) => i !== undefined);
  if (infoboxes.length) out.infoboxes = infoboxes.slice(0, 2);
  const suggestions = strings(parsed.suggestions).slice(0, 5);
  if (suggestions.length) out.suggestions = suggestions;
  const corrections = strings(parsed.corrections).slice(0, 3);
  if (corrections.length) out.corrections = corrections;
  if (results.length === 0) {
    const failed = (parsed.unresponsive_engines ?? []).map((e) =>
      Array.isArray(e) ? e.join(": ") : String(e),
    );
    out.note =
      "No results." +
      (failed.length ? ` Engines that failed: ${failed.slice(0, 6).join("; ")}.` : "") +
      " Try other words, another language, or no time range.";
  }
  return out;
}

function answerText(answer: unknown): string | undefined {
  if (typeof answer === "string") return clip(clean(answer), 500);
  if (answer && typeof answer === "object") {
    const { answer: text, url } = answer as { answer?: unknown; url?: unknown };
    if (typeof text === "string" && text.trim()) {
      return clip(clean(text), 500) + (typeof url === "string" && url ? ` (${url})` : "");
    }
  }
  return undefined;
}

function compactInfobox(raw: unknown): Record<string, unknown> | undefined {
  const parsed = infoboxSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const box = parsed.data;
  const out: Record<string, unknown> = { title: clean(box.infobox ?? "") };
  if (box.content) out.content = clip(clean(box.content), 600);
  const attributes = (box.attributes ?? [])
    .filter((a) => a.label && (typeof a.value === "string" || typeof a.value === "number"))
    .slice(0, 8)
    .map((a) => `${a.label}: ${clip(clean(String(a.value)), 120)}`);
  if (attributes.length) out.facts = attributes;
  const urls = (box.urls ?? []).filter((u) => u.url).slice(0, 3);
  if (urls.length) out.links = urls.map((u) => ({ title: u.title ?? "", url: u.url }));
  return out.title || out.content ? out : undefined;
}

function strings(list: unknown[] | null | undefined): string[] {
  return (list ?? []).filter((s): s is string => typeof s === "string" && s.trim() !== "").map(clean);
}

function clean(text: string): string {
  return text
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
