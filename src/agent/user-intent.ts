/**
 * What the user's message asks for, read from its words in Chinese or English: a change to a device
 * ("把灯打开", "can you lock the door?") or only its state ("灯开着吗？", "is the door locked?").
 * Tuned to miss a change rather than invent one where the difference matters (see ActionCheck).
 */

// Base forms only: "is the door locked?" names a state, "lock the door" a change.
const VERBS_EN =
  "turn|switch|set|dim|brighten|open|close|shut|lock|unlock|start|stop|pause|resume|play|raise|lower|" +
  "increase|decrease|activate|deactivate|toggle|arm|disarm|mute|unmute|run|put";
const COMMAND_EN = new RegExp(`\\b(?:${VERBS_EN})\\b`, "i");
const POLITE_EN = /\b(?:please|can you|could you|would you|will you|i want|i'd like|let's|go ahead)\b/i;
// "Turn on the light?" is still an order.
const IMPERATIVE_START_EN = new RegExp(`^\\W*(?:please\\s+)?(?:${VERBS_EN})\\b`, "i");
const QUESTION_START_EN =
  /^\W*(?:is|are|was|were|does|do|did|has|have|what|what's|which|how|who|where|when|why)\b/i;

const COMMAND_ZH =
  /打开|开启|关闭|关掉|关上|调到|调至|调高|调低|调亮|调暗|设置|设为|设成|锁上|解锁|启动|暂停|播放|停止|拉开|拉上|开一下|关一下|开灯|关灯/;
// 请问 and 麻烦问一下 only ask.
const POLITE_ZH = /帮我|帮忙|请(?!问)|麻烦(?!问)|给我|替我|能不能|能否|可不可以|可以帮|^把|，把/;
// "开灯好吗？", "关了吧": a question in form, a request in fact.
const REQUEST_TAG_ZH = /(?:好吗|行吗|好不好|行不行|可以吗|成吗|吧|呗)\s*[？?。!！]?\s*$/;
const QUESTION_ZH = /[吗么嘛呢]\s*$|是不是|有没有|是否|多少|几度|几点|什么|怎么样|如何|没有?\s*$/;

/** The clauses of a message, each with the mark that ends it. */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;，,\n])|\b(?:and|then|if not|otherwise)\b/i)
    .map((clause) => clause?.trim() ?? "")
    .filter(Boolean);
}

function isQuestionClause(clause: string): boolean {
  const bare = clause.replace(/[。！？!?；;，,\s]+$/, "");
  return /[?？]$/.test(clause) || QUESTION_START_EN.test(clause) || QUESTION_ZH.test(bare);
}

/** The message asks for something to be changed (and not only how it is). */
export function asksForChange(text: string): boolean {
  if (POLITE_EN.test(text) || POLITE_ZH.test(text)) return true;
  return clauses(text).some(
    (clause) =>
      IMPERATIVE_START_EN.test(clause) ||
      (COMMAND_ZH.test(clause) && REQUEST_TAG_ZH.test(clause)) ||
      (!isQuestionClause(clause) && (COMMAND_EN.test(clause) || COMMAND_ZH.test(clause))),
  );
}

/** The message asks how something is, and for no change. */
export function isStatusQuestion(text: string): boolean {
  return !asksForChange(text) && clauses(text).some(isQuestionClause);
}
