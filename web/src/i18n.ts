/** The UI's strings in English and Chinese, and which of them to show. */

const en = {
  appTitle: "Cyrene",
  mainNavigation: "Sections",
  skipToContent: "Skip to content",
  tabChat: "Chat",
  tabReminders: "Reminders",
  tabKnowledge: "Knowledge",
  tabThoughts: "Thoughts",
  tabStatus: "Status",
  signedInAs: "Signed in as {name}",
  notSignedIn: "Not signed in through Home Assistant",
  loading: "Loading…",
  retry: "Try again",
  refresh: "Refresh",
  cancel: "Cancel",
  delete: "Delete",
  close: "Close",
  loadMore: "Load more",
  never: "never",

  conversations: "Conversations",
  showConversations: "Conversations",
  hideConversations: "Hide conversations",
  newChat: "New chat",
  searchConversations: "Search conversations",
  noConversations: "No conversations yet.",
  noMatches: "Nothing matches “{q}”.",
  untitled: "Untitled conversation",
  deleteConversation: "Delete conversation “{title}”",
  confirmDeleteConversation: "Delete “{title}” for good?",
  messageLog: "Messages",
  emptyChatTitle: "How can I help?",
  emptyChatHint: "Ask about your home, set a reminder, or look something up.",
  you: "You",
  assistant: "Cyrene",
  composerLabel: "Message",
  composerPlaceholder: "Message Cyrene…",
  composerHint: "Enter sends, Shift+Enter starts a new line, Escape stops a reply.",
  send: "Send",
  stop: "Stop",
  stopped: "Stopped.",
  thinking: "Thinking…",
  retrying: "Retrying ({attempt}/{of})…",
  conversationGone: "This conversation is no longer there.",

  toolRunning: "running",
  toolDone: "done",
  toolFailed: "failed",
  toolBackground: "running in the background",
  toolLate: "finished in the background",
  toolInterrupted: "interrupted",
  toolArguments: "Arguments",
  toolResult: "Result",
  toolLateResult: "Result (arrived later)",
  toolCall: "Tool {name}",
  lateArrived: "{name} finished in the background.",
  confirmQuestion: "Should I {would}?",
  confirmYes: "Yes",
  confirmNo: "No",
  confirmYesMessage: "yes",
  confirmNoMessage: "no",
  confirmAnswered: "Answered.",

  remindersTitle: "Reminders",
  newReminder: "New reminder",
  reminderMessage: "Remind me of",
  reminderMessagePlaceholder: "Take out the trash",
  reminderAt: "When",
  reminderAtPlaceholder: "tomorrow 8pm, in 20 minutes, 2026-12-03 15:00",
  reminderRepeat: "Repeat",
  repeatNone: "Does not repeat",
  repeatDaily: "Every day",
  repeatWeekdays: "Weekdays",
  repeatWeekends: "Weekends",
  repeatWeekly: "Every week",
  repeatMonthly: "Every month",
  repeatYearly: "Every year",
  reminderTargets: "Also send to",
  reminderNotify: "Notify (services or entities, comma-separated)",
  reminderSpeak: "Speak on (media players or satellites, comma-separated)",
  createReminder: "Create reminder",
  reminderCreated: "Reminder created.",
  noReminders: "No reminders.",
  activeReminders: "Active",
  finishedReminders: "Done and cancelled ({count})",
  nextAt: "Next: {time}",
  repeats: "Repeats: {rule}",
  lastDelivery: "Last delivered {time}",
  notDeliveredYet: "Not delivered yet",
  createdBy: "by {name}",
  deleteReminder: "Delete reminder “{message}”",
  skipNext: "Skip next",
  skipNextReminder: "Skip next: “{message}”",
  statusActive: "active",
  statusDone: "done",
  statusCancelled: "cancelled",

  knowledgeTitle: "Knowledge",
  addKnowledge: "Add to knowledge",
  addKind: "What to add",
  kindText: "Text",
  kindUrl: "Web page",
  kindFile: "File",
  knowledgeTitleField: "Title (optional)",
  knowledgeText: "Text to remember",
  knowledgeUrl: "Address (URL)",
  knowledgeFile: "File (Markdown, text, HTML or PDF)",
  knowledgeTags: "Tags (optional, comma-separated)",
  addButton: "Add",
  knowledgeAdded: "Added.",
  searchKnowledge: "Search knowledge",
  search: "Search",
  noKnowledge: "Nothing in the knowledge base yet.",
  noResults: "No results.",
  deleteDocument: "Delete “{title}”",
  chunks: "{count} passages",
  score: "score {score}",
  documents: "Documents",
  results: "Results",

  thoughtsTitle: "Thoughts",
  thoughtsHint:
    "What Cyrene thought about on its own: HA events, schedules and watched entities, and what came of it.",
  noThoughts: "No thoughts yet.",
  skippedLastDay: "Skipped in the last 24 hours: {counts}",
  skip_duplicate: "duplicates",
  skip_hourly_budget: "over the hourly budget",
  skip_daily_token_budget: "over the daily token budget",
  skip_queue_full: "too many waiting",
  trigger_event: "Event",
  trigger_schedule: "Schedule",
  trigger_watch: "Watched change",
  outcome_nothing: "Nothing to do",
  outcome_note: "Note for later",
  outcome_tell: "Told the user",
  outcome_ask: "Asked the user",
  thoughtStatus_running: "running",
  thoughtStatus_finished: "finished",
  thoughtStatus_skipped: "skipped",
  thoughtStatus_cancelled: "cancelled",
  thoughtStatus_failed: "failed",
  toolsUsed: "Tools used",
  noToolsUsed: "No tools used",
  tokens: "{count} tokens",
  openConversation: "Open conversation",

  statusTitle: "Status",
  version: "Version",
  model: "Model",
  llm: "LLM",
  homeAssistant: "Home Assistant",
  since: "since {time}",
  lastError: "Last error: {error}",
  toolsOffered: "Tools offered ({count})",
  toolsDisabled: "Disabled tools ({count})",
  none: "none",
  recentTurns: "Recent turns",
  turnsSummary:
    "{count} turns: {prompt} prompt tokens ({cached} from the cache, {rate}), {completion} completion tokens",
  turnStarted: "Started",
  turnStatus: "Status",
  turnRounds: "Rounds",
  turnTools: "Tools",
  turnPrompt: "Prompt",
  turnCached: "Cached",
  turnCompletion: "Completion",
  turnDuration: "Duration",
  llm_ok: "answering",
  llm_unknown: "not asked yet",
  llm_failing: "failing",
  ha_ready: "connected",
  ha_connecting: "connecting",
  ha_unavailable: "unavailable",
  ha_not_configured: "not configured",
};

export type StringKey = keyof typeof en;
type Strings = Record<StringKey, string>;

const zh: Strings = {
  appTitle: "Cyrene",
  mainNavigation: "栏目",
  skipToContent: "跳到内容",
  tabChat: "对话",
  tabReminders: "提醒",
  tabKnowledge: "知识库",
  tabThoughts: "思考",
  tabStatus: "状态",
  signedInAs: "当前用户：{name}",
  notSignedIn: "未通过 Home Assistant 登录",
  loading: "加载中…",
  retry: "重试",
  refresh: "刷新",
  cancel: "取消",
  delete: "删除",
  close: "关闭",
  loadMore: "加载更多",
  never: "从未",

  conversations: "对话列表",
  showConversations: "对话列表",
  hideConversations: "隐藏对话列表",
  newChat: "新对话",
  searchConversations: "搜索对话",
  noConversations: "还没有对话。",
  noMatches: "没有与“{q}”匹配的对话。",
  untitled: "未命名对话",
  deleteConversation: "删除对话“{title}”",
  confirmDeleteConversation: "永久删除“{title}”？",
  messageLog: "消息",
  emptyChatTitle: "有什么可以帮你？",
  emptyChatHint: "可以问家里的设备、设置提醒，或查点资料。",
  you: "你",
  assistant: "Cyrene",
  composerLabel: "消息",
  composerPlaceholder: "给 Cyrene 发消息…",
  composerHint: "回车发送，Shift+回车换行，Esc 停止回复。",
  send: "发送",
  stop: "停止",
  stopped: "已停止。",
  thinking: "思考中…",
  retrying: "正在重试（{attempt}/{of}）…",
  conversationGone: "这个对话已经不存在了。",

  toolRunning: "运行中",
  toolDone: "完成",
  toolFailed: "失败",
  toolBackground: "在后台运行",
  toolLate: "已在后台完成",
  toolInterrupted: "已中断",
  toolArguments: "参数",
  toolResult: "结果",
  toolLateResult: "结果（稍后送达）",
  toolCall: "工具 {name}",
  lateArrived: "{name} 已在后台完成。",
  confirmQuestion: "要{would}吗？",
  confirmYes: "是",
  confirmNo: "否",
  confirmYesMessage: "是的",
  confirmNoMessage: "不用了",
  confirmAnswered: "已回答。",

  remindersTitle: "提醒",
  newReminder: "新提醒",
  reminderMessage: "提醒内容",
  reminderMessagePlaceholder: "倒垃圾",
  reminderAt: "时间",
  reminderAtPlaceholder: "明天晚上8点、20分钟后、2026-12-03 15:00",
  reminderRepeat: "重复",
  repeatNone: "不重复",
  repeatDaily: "每天",
  repeatWeekdays: "工作日",
  repeatWeekends: "周末",
  repeatWeekly: "每周",
  repeatMonthly: "每月",
  repeatYearly: "每年",
  reminderTargets: "同时发送到",
  reminderNotify: "通知（服务或实体，用逗号分隔）",
  reminderSpeak: "语音播报（媒体播放器或语音卫星，用逗号分隔）",
  createReminder: "创建提醒",
  reminderCreated: "提醒已创建。",
  noReminders: "没有提醒。",
  activeReminders: "进行中",
  finishedReminders: "已完成和已取消（{count}）",
  nextAt: "下次：{time}",
  repeats: "重复：{rule}",
  lastDelivery: "上次送达 {time}",
  notDeliveredYet: "尚未送达",
  createdBy: "由 {name} 创建",
  deleteReminder: "删除提醒“{message}”",
  skipNext: "跳过下一次",
  skipNextReminder: "跳过下一次：“{message}”",
  statusActive: "进行中",
  statusDone: "已完成",
  statusCancelled: "已取消",

  knowledgeTitle: "知识库",
  addKnowledge: "添加到知识库",
  addKind: "添加什么",
  kindText: "文字",
  kindUrl: "网页",
  kindFile: "文件",
  knowledgeTitleField: "标题（可选）",
  knowledgeText: "要记住的文字",
  knowledgeUrl: "网址（URL）",
  knowledgeFile: "文件（Markdown、纯文本、HTML 或 PDF）",
  knowledgeTags: "标签（可选，用逗号分隔）",
  addButton: "添加",
  knowledgeAdded: "已添加。",
  searchKnowledge: "搜索知识库",
  search: "搜索",
  noKnowledge: "知识库里还没有内容。",
  noResults: "没有结果。",
  deleteDocument: "删除“{title}”",
  chunks: "{count} 段",
  score: "得分 {score}",
  documents: "文档",
  results: "搜索结果",

  thoughtsTitle: "思考",
  thoughtsHint: "Cyrene 自己想过的事：HA 事件、定时计划和关注的实体，以及结果。",
  noThoughts: "还没有思考记录。",
  skippedLastDay: "过去 24 小时跳过：{counts}",
  skip_duplicate: "重复",
  skip_hourly_budget: "超出每小时额度",
  skip_daily_token_budget: "超出每日 token 额度",
  skip_queue_full: "等待过多",
  trigger_event: "事件",
  trigger_schedule: "定时",
  trigger_watch: "关注的变化",
  outcome_nothing: "无需行动",
  outcome_note: "留言待告知",
  outcome_tell: "已告知用户",
  outcome_ask: "已询问用户",
  thoughtStatus_running: "进行中",
  thoughtStatus_finished: "已完成",
  thoughtStatus_skipped: "已跳过",
  thoughtStatus_cancelled: "已取消",
  thoughtStatus_failed: "失败",
  toolsUsed: "使用的工具",
  noToolsUsed: "未使用工具",
  tokens: "{count} 个词元",
  openConversation: "打开对话",

  statusTitle: "状态",
  version: "版本",
  model: "模型",
  llm: "大模型",
  homeAssistant: "Home Assistant",
  since: "自 {time}",
  lastError: "最近的错误：{error}",
  toolsOffered: "提供的工具（{count}）",
  toolsDisabled: "已停用的工具（{count}）",
  none: "无",
  recentTurns: "最近的轮次",
  turnsSummary: "{count} 轮：提示 {prompt} 词元（缓存命中 {cached}，{rate}），生成 {completion} 词元",
  turnStarted: "开始",
  turnStatus: "状态",
  turnRounds: "回合",
  turnTools: "工具",
  turnPrompt: "提示",
  turnCached: "缓存",
  turnCompletion: "生成",
  turnDuration: "耗时",
  llm_ok: "正常应答",
  llm_unknown: "尚未请求",
  llm_failing: "出错",
  ha_ready: "已连接",
  ha_connecting: "连接中",
  ha_unavailable: "不可用",
  ha_not_configured: "未配置",
};

export type Language = "en" | "zh";
const dictionaries: Record<Language, Strings> = { en, zh };
let current: Language = "en";

export function setLanguage(language: Language): void {
  current = language;
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
}

export function language(): Language {
  return current;
}

/** The BCP 47 locale for dates and numbers. */
export function locale(): string {
  return current === "zh" ? "zh-CN" : "en";
}

/** A string in the UI's language, with `{name}` placeholders filled in. */
export function t(key: StringKey, params: Record<string, string | number> = {}): string {
  const text = dictionaries[current][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A key built from a value the server sends (e.g. `outcome_${outcome}`), or the value itself. */
export function tOr(key: string, fallback: string): string {
  return key in en ? t(key as StringKey) : fallback;
}

/** `zh` for any Chinese tag (zh, zh-CN, zh-Hans, zh-TW…), else `en`. */
export function languageOf(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower.startsWith("zh")) return "zh";
  if (lower.startsWith("en")) return "en";
  return undefined;
}

/**
 * HA's user language when the UI runs in HA's panel iframe (same origin under ingress): the frontend's
 * `hass.language`, else the language HA keeps in its localStorage; else the browser's.
 */
export function detectLanguage(parent: Window | null, navigatorLanguages: readonly string[]): Language {
  const fromHa = haLanguage(parent);
  if (fromHa) return languageOf(fromHa) ?? "en";
  for (const tag of navigatorLanguages) {
    const found = languageOf(tag);
    if (found) return found;
  }
  return "en";
}

function haLanguage(parent: Window | null): string | undefined {
  if (!parent) return undefined;
  try {
    const root = parent.document.querySelector("home-assistant") as
      (Element & { hass?: { language?: string; locale?: { language?: string } } }) | null;
    const fromHass = root?.hass?.locale?.language ?? root?.hass?.language;
    if (fromHass) return fromHass;
    const stored = parent.localStorage.getItem("selectedLanguage");
    if (stored) return JSON.parse(stored) as string;
  } catch {
    // Another origin (or no storage): the browser's language it is.
  }
  return undefined;
}
