/**
 * Whether an answer tells the user the assistant acted on a device ("已为您打开客厅灯", "I've turned off
 * the lights", HA's own "Turned on the light" / "客厅灯已打开"), in Chinese or English.
 *
 * Read clause by clause: a clause claims when it reports a change as done or under way now, and nothing
 * in it moves the change elsewhere: said not done, asked, offered, a reminder, or a state that lasts or
 * dates from another time or agent ("车库门已经开了一个小时", "unlocked since 8 pm", "自动锁上了",
 * "is already on"). Words alone can't tell "门已经锁好了" as a claim from the same words as a state
 * report: the turn does (ActionCheck only judges a turn that asks for a change). Measured on
 * test/agent/corpus/claims.*.txt and non-claims.*.txt (test/agent/claims-corpus.test.ts).
 */

const PAST_EN =
  "turned|switched|set|dimmed|brightened|opened|closed|shut|locked|unlocked|started|paused|resumed|" +
  "activated|deactivated|adjusted|changed|raised|lowered|increased|decreased|muted|unmuted|toggled|armed|disarmed|" +
  // and HA's own verbs for a change (home-assistant/intents sentences/en/_common.yaml: bring, make)
  "put|reset|cut|brought|taken|made";
// "stopped" reports the assistant's doing only with the assistant as the doer: "Nest has stopped
// supporting …" is news, "I stopped the music" a claim.
const PAST_BY_ME_EN = `${PAST_EN}|stopped`;
const ADVERBS_EN = "(?:(?:just|now|already|successfully|also|(?:went|gone) ahead and)\\s+)*";
// What the assistant says it did that changes nothing in the home ("I checked", "I tried").
const NOT_A_CHANGE_EN =
  "checked|looked|tried|noticed|searched|asked|queried|verified|confirmed|noted|learned|wanted|needed|called|used|" +
  "scheduled|added|created|received|found|limited|disconnected|unplugged|jammed|charged";
const VERB_ZH =
  "打开|开启|关闭|关掉|关上|关好|拉开|拉上|调[到至成为高低亮暗整好大小]|[升降][到至高低]|设置|设[为定成好到]|" +
  "锁上|锁好|上锁|反锁|解锁|启动|暂停|播放|停止|继续|执行|切换|点亮|熄灭|静音|召回|回去充电|开始|" +
  // a bare 开, 关, 亮… only as the verb itself ("灯已关", "开了", "开到21度"), not in 开放, 关于, 亮度
  "[开关亮灭调熄](?=$|[了啦好到起门灯])|切[到换]";

/** A clause that reports a change as done (or under way) by the assistant. */
const CHANGE = [
  // "I turned off the lights", "I went ahead and locked it", "I've killed the lights" (the perfect reports a
  // result, whatever its verb), "Here's what I did:", "我做了以下操作"
  /\bi(?:'ve| have)?\s+(?:did|done)\b|我(?:已经?|刚刚?)?(?:做|执行|完成)了/i,
  new RegExp(
    `\\b(?:i|we)(?:(?:'ve| have)\\s+${ADVERBS_EN}(?:${PAST_BY_ME_EN}|(?!(?:${NOT_A_CHANGE_EN})\\b)\\w+ed)|` +
      `\\s+${ADVERBS_EN}(?:${PAST_BY_ME_EN}))\\b`,
    "i",
  ),
  // "The door has been locked", "The vacuum has started cleaning"
  new RegExp(
    `\\b(?:has|have)\\s+(?:just\\s+)?(?:${PAST_EN}|been\\s+(?:${PAST_EN}|sent|(?!(?:${NOT_A_CHANGE_EN})\\b)\\w+ed))\\b`,
    "i",
  ),
  // "The TV is now off", "The lights are off now", "The heater is running now"
  /\b(?:is|are|'s|'re)\s+(?:\S+\s+){0,2}?now\b(?!\s+that)/i,
  // 已 marks a change done whatever its verb ("客厅灯已打开", "已进入睡眠模式"), but not 已经是/在/有 (a state),
  // 已收到/查到/存入 (nothing changed in the home) nor 已离线/充满 (what befell a device by itself)
  /(?<![而早])已(?!经?(?:[为帮给][您你])?(?:是|在|有|收到|查|找到|知道|了解|明白|记|存|保存|更新|添加|加入|创建|删除|离线|断开|掉线|失效|过期|充满|耗尽|超时))/,
  // a change verb with 了: "风扇关了", "帮你把灯打开了", "开起来了", "调到23度了"
  new RegExp(`(?:${VERB_ZH})(?:好|起来|上|下|掉)?(?:了|啦)`),
  new RegExp(`(?:${VERB_ZH}).*[了啦][～~\\s]*$`),
  // "已在厨房音箱上播放", not "已经在制冷" (a state)
  new RegExp(`已经?在\\p{Script=Han}{1,8}[上里中](?:${VERB_ZH})`, "u"),
  // "客厅开始放音乐了": a change begun
  /开始\p{Script=Han}{1,6}?了/u,
  // "正在为您打开", "马上帮你关"
  /(?:正在|马上|这就|立即|立刻)(?:为|帮|给)(?:您|你)/,
];
/**
 * HA's terse replies ("Turned on the light", "Music paused", "开始清洁"): how the answer, one of its lines
 * or what follows a colon may begin, not any clause ("No, unlocked" reports a state).
 */
const TERSE = [
  /^(?:turned|switched|opened|closed|shut|locked|unlocked|activated|deactivated|started|stopped|paused|resumed|dimmed|lowered|raised|muted|armed|disarmed)\b/i,
  /^(?:turning|switching|opening|closing|locking|unlocking|starting|stopping|pausing|resuming|playing|returning|dimming)\b/i,
  new RegExp(
    `^(?!.*\\b(?:is|are|was|were|be|been)\\b)[\\w °%-]{1,30}?\\s(?:${PAST_EN})(?:\\s+(?:on|off|up|down))?(?:\\s+(?:to|for|in|at)\\b.*)?$`,
    "i",
  ),
  /^开始/,
];

/** Words that move a clause's change out of this turn's doing. */
const ELSEWHERE = [
  // not done
  /n't\b|\b(?:not|never|unable|failed|cannot|nothing)\b|没|未|无法|失败|不能|不了|不用|不需要|不必/i,
  // asked, offered, told how, or still to come
  /[?？]$|\b(?:i'll|i will|i can|i could|i'd|you can|if you|once you|let me know|just say|whenever|want me|shall|should)\b/i,
  /可|如果|的话|等你|确认|之后|说一声|需要|要不要|要我|会|请|即可|就能/,
  // a state that lasts, or a change at another time or by another agent
  /\bsince\b|\bago\b|\bfor\s+(?:over\s+|about\s+|almost\s+|nearly\s+)?(?:an?|one|two|three|\d+|several|a few)\s+(?:seconds?|minutes?|hours?|days?)\b/i,
  /\bat\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b(?:at sunrise|at sunset|yesterday|this morning|last night|as scheduled|automatically|still|someone|currently|right now)\b|\b(?:is|are|was|were|'s|'re)\s+already\b/i,
  // "The lights are off for now" is a state; "I've turned the heater up for now" the assistant's doing.
  /^(?!.*\b(?:i|i've|we|we've)\b).*\bfor now\b/i,
  /着|状态|本来|原本|早就|一直|现在是|目前|处于|到现在|自动|有人|(?<![不超经])过(?![来去滤度])/,
  // a clock time ("晚上10点", not 一点 "a little")
  /\d+\s*点|(?:[两三四五六七八九十]|[一二两三四五六七八九十]{2})点(?![亮击])/,
  /(?:\d+|[一二两三四五六七八九十半几多]+)\s*个?多?\s*(?:小时|钟头|分钟|天|秒)/,
];
// "I've set a reminder to turn off the oven" reports a reminder, not a device.
const REMINDER = /\b(?:remind(?:er)?s?|timers?)\b|\balarm (?:set )?for\b|\ban alarm\b|提醒|闹钟|计时|定时/i;

// The answer says "done" ("搞定！", unless of a reminder), or says it or acknowledges and gives the new state
// ("Done — the lights are off", "Okay, the porch light is on now").
const DONE = /^\W*(?:done|all set|all done)\b|搞定|办好了|完成了|已完成|操作成功/i;
const ACKNOWLEDGED =
  /^\W*(?:ok(?:ay)?|sure(?: thing)?|alright|all right|got it|you got it|no problem|will do|of course|right away|consider it done|understood|certainly|absolutely)\b\W*/i;
const NEW_STATE =
  /\b(?:is|are|'s|'re)\s+(?:now\s+)?(?:on|off|open|closed|closing|opening|locked|unlocked|armed|disarmed|set to)\b|^[\w ]{1,30}\s(?:on|off)$/i;

// An answer to a yes/no question ("是的，楼下的灯都关了", "No, it's unlocked") reports a state unless it names
// the assistant as the doer ("Yes, I've locked it").
const ANSWERS_A_QUESTION =
  /^\W*(?:yes|yeah|yep|nope|no(?! problem| worries))\b|^(?:是的|是|对|对的|没有|不)(?=[，,。！\s])/i;
const BY_THE_ASSISTANT = /\b(?:i|i've|we|we've)\b|我|帮|为您|为你|给您|给你/i;

function clauses(answer: string): string[] {
  return answer
    .split(/\.(?!\d)|[!;,、—–\n。！；，：]|:(?!\d)|(?<=[?？])|\s+(?=but\b)|(?=但|不过|可是)/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

const reportsHere = (clause: string) =>
  !REMINDER.test(clause) && !ELSEWHERE.some((rule) => rule.test(clause));
// "车库门关着，也锁上了": a clause with 也/还 goes on in the mood of the one before.
const continues = (clause: string) => /^(?:也|还|并且|而且)/.test(clause);

/** The answer reports a device action as done. */
export function claimsDeviceAction(answer: string): boolean {
  const parts = clauses(answer);
  const answering = ANSWERS_A_QUESTION.test(answer);
  // Whether each clause reports this turn's doing, read once for every rule.
  const here: boolean[] = [];
  parts.forEach((clause, i) =>
    here.push(reportsHere(clause) && (i === 0 || !continues(clause) || here[i - 1]!)),
  );
  const says = (rule: RegExp) =>
    parts.some((clause, i) => here[i] && rule.test(clause) && (!answering || BY_THE_ASSISTANT.test(clause)));
  const starts = [...answer.split("\n").slice(1), ...answer.split(/:(?!\d)|：/).slice(1)];
  const leads = [answer.replace(ACKNOWLEDGED, ""), ...starts].map(
    (line) => clauses(line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ""))[0] ?? "",
  );
  const terse = leads.some((lead) => TERSE.some((rule) => rule.test(lead)) && reportsHere(lead));
  if (terse || CHANGE.some(says)) return true;
  if ((DONE.test(answer) || ACKNOWLEDGED.test(answer)) && says(NEW_STATE)) return true;
  return !REMINDER.test(answer) && says(DONE);
}
