import type { WyomingEvent } from "./framing.js";

export interface InfoOptions {
  /** Language tags the agent offers; HA lists it only in pipelines whose language one of them matches. */
  languages: string[];
  version: string;
}

/** The program's name: HA's config entry title and the conversation agent's name. */
export const PROGRAM_NAME = "Cyrene";

const ATTRIBUTION = { name: "Cyrene", url: "https://github.com/cyrene-assistant/cyrene" };
const DESCRIPTION = "Cyrene, an LLM assistant that acts through tools";

/**
 * The answer to `describe`: one installed `handle` program with one installed model. HA's dataclasses
 * need every field here (name, attribution {name, url}, installed, models, languages) — one missing
 * crashes its config flow. No `intent` program (it would take precedence over handle) and no
 * `satellite` (HA would treat the service as one).
 */
export function infoEvent({ languages, version }: InfoOptions): WyomingEvent {
  const artifact = { attribution: ATTRIBUTION, installed: true, description: DESCRIPTION, version };
  return {
    type: "info",
    data: {
      asr: [],
      tts: [],
      intent: [],
      wake: [],
      mic: [],
      snd: [],
      handle: [
        {
          name: PROGRAM_NAME,
          ...artifact,
          supports_handled_streaming: false,
          models: [{ name: "cyrene", ...artifact, languages }],
        },
      ],
    },
  };
}
