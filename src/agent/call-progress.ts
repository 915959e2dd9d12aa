import type { Language } from "../text/language.js";

/**
 * What a tool call is doing while it runs, as a short spoken line made from its arguments:
 * "Searching the web for tomorrow's weather in Shanghai…", "正在网上搜索明天上海的天气…". The words follow
 * the web UI's tool cards (web/src/tool-summary.ts, "Searched the web for …") in the present tense; a
 * spoken line carries no quotes, ids or URLs' paths, and a tool it does not know is "working on it".
 */
export function describeCall(name: string, argumentsJson: string, language: Language): string {
  const args = parseObject(argumentsJson);
  const phrase = PHRASES[name]?.(args) ?? GENERIC;
  const [verb, object] = phrase[language];
  const said = object ? `${verb}${language === "en" ? " " : ""}${spoken(object)}` : verb;
  return language === "en" ? `${capitalize(said)}…` : `正${said}…`;
}

/** A progress line for a call already described, or for a state with no call to describe. */
export const PROGRESS_LINES = {
  /** A call is still running after its line. */
  still: { en: "Still working on it…", zh: "还在处理，稍等一下…" },
  /** A call went on in the background and the model has not answered yet. */
  handedOff: {
    en: "This will take a while; I'll tell you when it's done.",
    zh: "这要花点时间，好了我再告诉你。",
  },
  /** Waiting for the model's first words. */
  thinking: { en: "Let me think…", zh: "我想一想…" },
  /** The tools are done; waiting for the model's answer. */
  answering: { en: "Putting the answer together…", zh: "正在整理回答…" },
} as const satisfies Record<string, Record<Language, string>>;

type Args = Record<string, unknown>;
/** Per language: the verb phrase (zh without 正, which the line adds: 在网上搜索) and what it is about. */
type Phrase = Record<Language, [verb: string, object?: string]>;

const GENERIC: Phrase = { en: ["working on it"], zh: ["在处理"] };

const PHRASES: Record<string, (args: Args) => Phrase | undefined> = {
  web_search: (a) =>
    about(str(a.query), ["searching the web for", "在网上搜索"], ["searching the web", "在网上搜索"]),
  web_fetch: (a) =>
    about(hostOf(str(a.url)), ["reading", "在读取网页"], ["reading a web page", "在读取网页"]),
  http: (a) => about(hostOf(str(a.url)), ["contacting", "在连接"], ["sending a request", "在发送请求"]),
  knowledge_search: (a) =>
    about(
      str(a.query),
      ["searching the knowledge base for", "在知识库中查找"],
      ["searching the knowledge base", "在查知识库"],
    ),
  knowledge_ingest: (a) =>
    about(
      str(a.title) || hostOf(str(a.url)),
      ["saving", "在保存"],
      ["saving to the knowledge base", "在存入知识库"],
    ),
  memory_search: (a) =>
    about(str(a.query), ["remembering", "在回忆"], ["looking back at our conversations", "在回顾之前的对话"]),
  iot_query: (a) =>
    about(str(a.query), ["checking", "在查看"], ["looking over the home", "在查看家里的情况"]),
  iot_control: (a) => about(str(a.target), ["taking care of", "在操作"], ["taking care of it", "在操作设备"]),
  reminder_create: (a) =>
    about(str(a.message), ["setting a reminder:", "在设置提醒："], ["setting a reminder", "在设置提醒"]),
  reminder_list: () => ({ en: ["checking your reminders"], zh: ["在查看提醒"] }),
  reminder_delete: () => ({ en: ["cancelling the reminder"], zh: ["在取消提醒"] }),
  datetime: () => ({ en: ["checking the date and time"], zh: ["在查看日期和时间"] }),
  calculator: () => ({ en: ["calculating"], zh: ["在计算"] }),
  file: (a) => about(str(a.path), ["working on the file", "在处理文件"], ["working on files", "在处理文件"]),
};

/** A phrase about `object` when the call names one, else the phrase without it. */
function about(object: string, [en, zh]: [string, string], [enAlone, zhAlone]: [string, string]): Phrase {
  return object ? { en: [en, object], zh: [zh, object] } : { en: [enAlone], zh: [zhAlone] };
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

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
