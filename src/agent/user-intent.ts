/**
 * What the user's message asks for, read from its words in Chinese or English: a change to a device
 * ("把灯打开", "can you lock the door?") or only its state ("灯开着吗？", "is the door locked?").
 * Tuned to miss a change rather than invent one where the difference matters (see ActionCheck), and
 * never to read an answer ("yes, do it", "好的呢", "sure, why not?") as a question. Measured on the
 * corpus in test/agent/corpus/ (test/agent/user-intent-corpus.test.ts prints its error rates).
 */

// Base forms only: "is the door locked?" names a state, "lock the door" a change.
const VERBS_EN =
  "turn|switch|set|dim|brighten|open|close|shut|lock|unlock|start|stop|pause|resume|play|raise|lower|" +
  "increase|decrease|activate|deactivate|toggle|arm|disarm|mute|unmute|run|put";
const COMMAND_EN = new RegExp(`\\b(?:${VERBS_EN})\\b`, "i");
// "Please tell me, are the sprinklers on?" only asks.
const POLITE_EN =
  /\b(?:please(?!\s*,?\s*(?:tell|let me know|answer|check|say|confirm whether))|can you|could you|would you|will you|i want|i'd like|let's|go ahead)\b/i;
// "Turn on the light?" is still an order.
const IMPERATIVE_START_EN = new RegExp(`^\\W*(?:please\\s+)?(?:${VERBS_EN})\\b`, "i");
// "do it", "do that", "do the bedroom one" are orders, not "do …?" questions.
const QUESTION_START_EN =
  /^\W*(?:is|are|am|was|were|will|can|could|should|does|do(?!\s+(?:it|that|this|so|them|both|those|these|the same|one|the \w+ one)\b)|did|has|have|what|what's|which|how|who|where|when|why)\b/i;
// Asking for a state without a question's form: "kitchen timer status", "tell me if any lights are on".
const STATUS_REQUEST_EN =
  /\b(?:status|state) of\b|\bstatus\s*$|^\W*(?:please\s+)?(?:tell me|let me know|check)\s+(?:if|whether|what|which|how|the status|the state)\b/i;

// Words that only say yes (or pick), at the start of a clause: "yes", "sure thing", "ok then", "why not".
const ASSENT_EN =
  /^\W*(?:(?:oh\s+|well\s+|um+\s+|uh+\s+)?(?:yes+|yeah|yea|yep|yup|ya|aye|sure(?: thing)?|ok(?:ay)?|k|alright|all right|right|correct|affirmative|absolutely|definitely|certainly|indeed|exactly|of course|fine|great|perfect|cool|good|sounds good|that's right|that's fine|you bet|by all means|please do|yes please|uh-huh|mm-hmm|why not|what are you waiting for|will do|can do|then|now|thanks|thank you)\b[\s,.!?;:-]*)+/i;

const COMMAND_ZH =
  /打开|开启|关闭|关掉|关上|调到|调至|调高|调低|调亮|调暗|设置|设为|设成|锁上|解锁|启动|暂停|播放|停止|拉开|拉上|开一下|关一下|开灯|关灯/;
// 请问 and 麻烦问一下 only ask.
const POLITE_ZH = /帮我|帮忙|请(?!问)|麻烦(?!问)|给我|替我|能不能|能否|可不可以|可以帮|^把|，把/;
// "开灯好吗？", "关了吧": a question in form, a request in fact.
const REQUEST_TAG_ZH = /(?:好吗|行吗|好不好|行不行|可以吗|成吗|吧|呗)\s*[？?。!！]?\s*$/;
const QUESTION_ZH =
  /[吗么嘛呢不]\s*$|(\p{Script=Han})[不没]\1|是否|还是|多少|多久|多长|几度|几点|几个|几盏|几扇|几台|有几|什么|怎么样|怎样|咋样|如何|哪|没有?\s*$|(?:状态|温度|湿度|天气|电量)\s*$/u;
// "好的呢", "行嘛", "当然可以啦", "为什么不呢": yes, in the particles of speech.
const ASSENT_ZH =
  /^(?:那?(?:嗯+|恩|好+|好的|行|对|对的|是|是的|没错|可以|要|要的|当然|确定|确认|同意|没问题|ok|okay|yes|中|成|得嘞|好嘞|就这样|为什么不|何乐而不为|还用问吗?)(?![不否没])(?:的|啊|呀|吧|呢|嘛|哈|啦|嘞|了|哦|喔|哒)*[，,。.！!？?、\s]*)+/i;

/** The clauses of a message, each with the mark that ends it. */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;，,\n])|\b(?:and|then|if not|otherwise)\b/i)
    .map((clause) => clause?.trim() ?? "")
    .filter(Boolean);
}

/** The clause without the words that only say yes; "" when that is all it says. */
function withoutAssent(clause: string): string {
  return clause.replace(ASSENT_EN, "").replace(ASSENT_ZH, "").trim();
}

function isQuestionClause(clause: string): boolean {
  const said = withoutAssent(clause);
  if (!/[\p{L}\p{N}]/u.test(said)) return false;
  const bare = said.replace(/[。！？!?；;，,\s]+$/, "");
  if (/[?？]$/.test(said)) return true;
  // "还是关了吧", "那就开着呗": a suggestion, not a question.
  const suggestion = /[吧呗]$/.test(bare);
  return (
    QUESTION_START_EN.test(said) || STATUS_REQUEST_EN.test(bare) || (!suggestion && QUESTION_ZH.test(bare))
  );
}

/** The message asks for something to be changed (and not only how it is). */
export function asksForChange(text: string): boolean {
  if (POLITE_EN.test(text) || POLITE_ZH.test(text)) return true;
  return clauses(text).some(
    (clause) =>
      IMPERATIVE_START_EN.test(withoutAssent(clause)) ||
      (COMMAND_ZH.test(clause) && REQUEST_TAG_ZH.test(clause)) ||
      (!isQuestionClause(clause) && (COMMAND_EN.test(clause) || COMMAND_ZH.test(clause))),
  );
}

/** The message asks how something is, and for no change. */
export function isStatusQuestion(text: string): boolean {
  return !asksForChange(text) && clauses(text).some(isQuestionClause);
}
