import type { ClaimWords } from "../claim-words.js";

/*
 * Sources: HA's English responses (OHF-Voice/intents responses/en: "Turned on the light", "Opened the garage
 * door"), HA's verbs for a change (sentences/en/_common.yaml: bring, make), and the corpus in
 * test/agent/corpus/claims.en.txt and non-claims.en.txt.
 */
const PAST =
  "turned|switched|set|dimmed|brightened|opened|closed|shut|locked|unlocked|started|paused|resumed|" +
  "activated|deactivated|adjusted|changed|raised|lowered|increased|decreased|muted|unmuted|toggled|armed|disarmed|" +
  "put|reset|cut|brought|taken|made";
// "stopped" reports the assistant's doing only with the assistant as the doer: "Nest has stopped
// supporting …" is news, "I stopped the music" a claim.
const PAST_BY_ME = `${PAST}|stopped`;
const ADVERBS = "(?:(?:just|now|already|successfully|also|(?:went|gone) ahead and)\\s+)*";
// What the assistant says it did that changes nothing in the home ("I checked", "I tried").
const NOT_A_CHANGE =
  "checked|looked|tried|noticed|searched|asked|queried|verified|confirmed|noted|learned|wanted|needed|called|used|" +
  "scheduled|added|created|received|found|limited|disconnected|unplugged|jammed|charged";

export const claims: ClaimWords = {
  change: [
    // "I turned off the lights", "I went ahead and locked it", "I've killed the lights", "Here's what I did:"
    /\bi(?:'ve| have)?\s+(?:did|done)\b/i,
    new RegExp(
      `\\b(?:i|we)(?:(?:'ve| have)\\s+${ADVERBS}(?:${PAST_BY_ME}|(?!(?:${NOT_A_CHANGE})\\b)\\w+ed)|` +
        `\\s+${ADVERBS}(?:${PAST_BY_ME}))\\b`,
      "i",
    ),
    // "The door has been locked", "The vacuum has started cleaning"
    new RegExp(
      `\\b(?:has|have)\\s+(?:just\\s+)?(?:${PAST}|been\\s+(?:${PAST}|sent|(?!(?:${NOT_A_CHANGE})\\b)\\w+ed))\\b`,
      "i",
    ),
    // "The TV is now off", "The lights are off now", "The heater is running now"
    /\b(?:is|are|'s|'re)\s+(?:\S+\s+){0,2}?now\b(?!\s+that)/i,
  ],
  terse: [
    /^(?:turned|switched|opened|closed|shut|locked|unlocked|activated|deactivated|started|stopped|paused|resumed|dimmed|lowered|raised|muted|armed|disarmed)\b/i,
    /^(?:turning|switching|opening|closing|locking|unlocking|starting|stopping|pausing|resuming|playing|returning|dimming)\b/i,
    new RegExp(
      `^(?!.*\\b(?:is|are|was|were|be|been)\\b)[\\w °%-]{1,30}?\\s(?:${PAST})(?:\\s+(?:on|off|up|down))?(?:\\s+(?:to|for|in|at)\\b.*)?$`,
      "i",
    ),
  ],
  elsewhere: [
    // not done
    /n't\b|\b(?:not|never|unable|failed|cannot|nothing)\b/i,
    // asked, offered, told how, or still to come
    /[?？]$|\b(?:i'll|i will|i can|i could|i'd|you can|if you|once you|let me know|just say|whenever|want me|shall|should)\b/i,
    // a state that lasts, or a change at another time or by another agent
    /\bsince\b|\bago\b|\bfor\s+(?:over\s+|about\s+|almost\s+|nearly\s+)?(?:an?|one|two|three|\d+|several|a few)\s+(?:seconds?|minutes?|hours?|days?)\b/i,
    /\bat\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b(?:at sunrise|at sunset|yesterday|this morning|last night|as scheduled|automatically|still|someone|currently|right now)\b|\b(?:is|are|was|were|'s|'re)\s+already\b/i,
    // "The lights are off for now" is a state; "I've turned the heater up for now" the assistant's doing.
    /^(?!.*\b(?:i|i've|we|we've)\b).*\bfor now\b/i,
  ],
  reminder: /\b(?:remind(?:er)?s?|timers?)\b|\balarm (?:set )?for\b|\ban alarm\b/i,
  done: /^\W*(?:done|all set|all done)\b/i,
  acknowledged:
    /^\W*(?:ok(?:ay)?|sure(?: thing)?|alright|all right|got it|you got it|no problem|will do|of course|right away|consider it done|understood|certainly|absolutely)\b\W*/i,
  newState:
    /\b(?:is|are|'s|'re)\s+(?:now\s+)?(?:on|off|open|closed|closing|opening|locked|unlocked|armed|disarmed|set to)\b|^[\w ]{1,30}\s(?:on|off)$/i,
  answersAQuestion: /^\W*(?:yes|yeah|yep|nope|no(?! problem| worries))\b/i,
  byTheAssistant: /\b(?:i|i've|we|we've)\b/i,
  clauseBreak: /\s+(?=but\b)/i,
};
