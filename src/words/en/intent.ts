import type { IntentWords } from "../intent-words.js";

/*
 * Sources: HA's intents (OHF-Voice/intents 3e74ab7, sentences/en/_common.yaml skip_words: "please", "can you",
 * "could you", "would you", "i'd like", "i want"; the verbs of sentences/en/HassTurnOn…HassVacuumStart), and
 * the corpus in test/agent/corpus/*.en.txt (how people ask in chat and through speech-to-text).
 */

// Base forms only: "is the door locked?" names a state, "lock the door" a change.
const VERBS =
  "turn|switch|set|dim|brighten|open|close|shut|lock|unlock|start|stop|pause|resume|play|raise|lower|" +
  "increase|decrease|activate|deactivate|toggle|arm|disarm|mute|unmute|run|put";

export const intent: IntentWords = {
  changeVerb: new RegExp(`\\b(?:${VERBS})\\b`, "i"),
  imperativeStart: new RegExp(`^\\W*(?:please\\s+)?(?:${VERBS})\\b`, "i"),
  // "Please tell me, are the sprinklers on?" and "can you tell me if…" only ask.
  request: new RegExp(
    "\\b(?:please(?!\\s*,?\\s*(?:tell|let me know|answer|check|say|confirm whether))|" +
      "(?:can|could|would|will) (?:you|u)(?!\\s+(?:please\\s+)?(?:tell me|let me know|check (?:if|whether)|see (?:if|whether)))|" +
      "i want|i'd like|let's|go ahead|(?:can|could|may) (?:i|we) (?:get|have)|" +
      // a request phrased as a question: "would it be possible to…", "do you think you could…"
      "(?:is|would|will) it be possible to|is it possible to|possible for you to|" +
      "do you think you (?:could|can)|any chance you (?:could|can)|i need you to|why don't you|how about you)\\b|" +
      "^\\W*mind\\s+\\w+ing\\b",
    "i",
  ),
  // "do it", "do that", "do the bedroom one" are orders, not "do …?" questions.
  questionStart:
    /^\W*(?:is|are|am|was|were|will|can|could|should|does|do(?!\s+(?:it|that|this|so|them|both|those|these|the same|one|the \w+ one)\b)|did|has|have|what|what's|which|how|who|where|when|why)\b/i,
  // Asking for a state without a question's form: "kitchen timer status", "tell me if any lights are on".
  questionForm:
    /\b(?:status|state) of\b|\bstatus\s*$|^\W*(?:please\s+)?(?:tell me|let me know|check)\s+(?:if|whether|what|which|how|the status|the state)\b/i,
  // Words that only say yes (or pick), at the start of a clause: "yes", "sure thing", "ok then", "why not".
  assent:
    /^\W*(?:(?:oh\s+|well\s+|um+\s+|uh+\s+)?(?:yes+|yeah|yea|yep|yup|ya|aye|sure(?: thing)?|ok(?:ay)?|k|alright|all right|right|correct|affirmative|absolutely|definitely|certainly|indeed|exactly|of course|fine|great|perfect|cool|good|sounds good|that's right|that's fine|you bet|by all means|please do|yes please|uh-huh|mm-hmm|why not|what are you waiting for|will do|can do|then|now|thanks|thank you)\b[\s,.!?;:-]*)+/i,
  clauseBreak: /\b(?:and|then|if not|otherwise)\b/i,
};
