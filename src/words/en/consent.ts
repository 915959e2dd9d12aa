import type { ConsentWords } from "../consent.js";

export const consent: ConsentWords = {
  yes: [
    "yes",
    "yeah",
    "yep",
    "yup",
    "sure",
    "ok",
    "okay",
    "alright",
    "go ahead",
    "do it",
    "please do",
    "confirm*",
    "correct",
    "fine",
  ],
  no: ["no", "nope", "don't", "do not", "cancel", "stop", "never", "not"],
};
