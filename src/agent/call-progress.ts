import { PROGRESS_TOOLS, type ProgressTool, type ProgressWords } from "../words/speech.js";

/**
 * What a tool call is doing while it runs, as a short spoken line made from its arguments:
 * "Searching the web for tomorrow's weather in Shanghai…", "正在网上搜索明天上海的天气…". The words follow
 * the web UI's tool cards (web/src/tool-summary.ts, "Searched the web for …") in the present tense and
 * are the language pack's (words/<language>/speech.ts); a spoken line carries no quotes, ids or URLs'
 * paths, and a tool it does not know is "working on it".
 */
export function describeCall(name: string, argumentsJson: string, words: ProgressWords): string {
  if (!isProgressTool(name)) return words.working;
  const object = ABOUT[name](parseObject(argumentsJson));
  return words.calls[name](object ? spoken(object) : undefined);
}

type Args = Record<string, unknown>;

/** What each call is about, as its arguments name it ("" when they name nothing). */
const ABOUT: { readonly [T in ProgressTool]: (args: Args) => string } = {
  web_search: (a) => str(a.query),
  web_fetch: (a) => hostOf(str(a.url)),
  http: (a) => hostOf(str(a.url)),
  knowledge_search: (a) => str(a.query),
  knowledge_ingest: (a) => str(a.title) || hostOf(str(a.url)),
  memory_search: (a) => str(a.query),
  iot_query: (a) => str(a.query),
  iot_control: (a) => str(a.target),
  reminder_create: (a) => str(a.message),
  reminder_list: () => "",
  reminder_delete: () => "",
  datetime: () => "",
  calculator: () => "",
  file: (a) => str(a.path),
};

function isProgressTool(name: string): name is ProgressTool {
  return (PROGRESS_TOOLS as readonly string[]).includes(name);
}

/** An argument as it can be said: one line, no quotes or brackets, at most 40 characters. */
function spoken(text: string): string {
  const line = text.replace(/[\s"“”「」`[\]{}<>]+/g, " ").trim();
  const chars = [...line];
  return chars.length > 40 ? chars.slice(0, 40).join("").trim() : line;
}

function hostOf(url: string): string {
  if (!url) return "";
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

function str(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function parseObject(text: string): Args {
  try {
    const value: unknown = JSON.parse(text || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Args) : {};
  } catch {
    return {};
  }
}
