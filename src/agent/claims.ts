/**
 * Whether an answer tells the user a device was acted on ("已为您打开客厅灯", "I've turned off the
 * lights"), in Chinese or English. A sentence that says it was not done ("没能打开", "I couldn't
 * unlock it") claims nothing.
 */

const CLAIMS_EN = [
  /\b(?:i|i've|i have|we've|we have)\s+(?:just\s+|now\s+|already\s+|successfully\s+)?(?:turned|switched|set|dimmed|brightened|opened|closed|shut|locked|unlocked|started|stopped|paused|resumed|activated|deactivated|adjusted|changed|raised|lowered|increased|decreased|muted|unmuted|toggled|armed|disarmed)\b/i,
  /\b(?:has|have)\s+been\s+(?:turned|switched|set|dimmed|opened|closed|locked|unlocked|started|stopped|paused|activated|adjusted)\b/i,
  /\b(?:is|are)\s+now\s+(?:on|off|open|closed|locked|unlocked|set|playing|paused|running|at)\b/i,
  /^\W*(?:done|all set)\b/i,
];
const CLAIMS_ZH = [
  /已(?:经)?(?:为您|为你|帮您|帮你|给您|给你|将|把)?[^。！？!?\n]{0,12}?(?:打开|开启|关闭|关掉|关上|调到|调至|调成|调为|调高|调低|设置|设为|设定|锁上|锁好|解锁|启动|暂停|播放|停止|开了|关了)/,
  /(?:帮您|帮你|为您|为你|给您|给你)[^。！？!?\n]{0,12}?(?:打开|开启|关闭|关掉|关上|拉开|拉上|调|设置|设为|锁上|解锁|启动|暂停|播放|停止)[^。！？!?\n]{0,12}?了/,
  /(?:打开|开启|关闭|关掉|关上|关好|拉开|拉上|调好|设好|锁上|锁好|解锁|启动|暂停)了/,
  /搞定|办好了|^\s*(?:好的[，,]\s*)?完成了/,
];
const NEGATION_EN = /n't\b|\b(?:not|never|unable|failed|cannot|could not)\b/i;
const NEGATION_ZH = /没有|没能|没法|未能|未|无法|失败|不能|不了|尚未/;
// "I've set a reminder to turn off the oven" reports a reminder, not a device.
const NOT_A_DEVICE = /\b(?:remind(?:er)?s?|timers?|alarms?)\b|提醒|闹钟|定时|计时/i;

/** The answer reports a device action as done. */
export function claimsDeviceAction(answer: string): boolean {
  return answer.split(/(?<=[。！？!?；;\n])|(?<=\.)\s/).some((sentence) => {
    if (NOT_A_DEVICE.test(sentence)) return false;
    const zh = CLAIMS_ZH.some((claim) => claim.test(sentence)) && !NEGATION_ZH.test(sentence);
    const en = CLAIMS_EN.some((claim) => claim.test(sentence)) && !NEGATION_EN.test(sentence);
    return zh || en;
  });
}
