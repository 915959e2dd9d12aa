import type { HassEntities } from "./types.js";

const PLAYING = ["playing"];

/**
 * The states a service applies to, as Home Assistant's own intents have them
 * (homeassistant/components/media_player/intent.py, 2026.2): pause, next and previous track match only a
 * player that is playing (`required_states`); a volume change with several players and no name keeps the
 * playing ones (MediaSetVolumeRelativeHandler, whose percentage steps are `volume_set`); resume
 * (`media_play`) resumes the paused player. No other domain's intent asks for a state.
 */
const APPLIES_TO = new Map<string, readonly string[]>([
  ["media_player.media_pause", PLAYING],
  ["media_player.media_next_track", PLAYING],
  ["media_player.media_previous_track", PLAYING],
  ["media_player.volume_up", PLAYING],
  ["media_player.volume_down", PLAYING],
  ["media_player.volume_set", PLAYING],
  ["media_player.media_play", ["paused"]],
]);

/** The states `domain.service` applies to, or undefined when it applies to a device in any state. */
export function statesServed(domain: string, service: string): readonly string[] | undefined {
  return APPLIES_TO.get(`${domain}.${service}`);
}

/**
 * Of candidates that the words did not tell apart, those in a state the service applies to ("pause" with
 * three speakers, one playing: that one). Undefined when the service applies to any state. Only for words
 * that name no device: a device named is acted on in whatever state it is.
 */
export function inServedState<T extends { entityId: string }>(
  candidates: readonly T[],
  domain: string,
  service: string,
  states: HassEntities,
): T[] | undefined {
  const served = statesServed(domain, service);
  if (!served) return undefined;
  return candidates.filter((c) => {
    const state = states[c.entityId]?.state;
    return state !== undefined && served.includes(state);
  });
}

/** The only one of `candidates` in a state the service applies to, if exactly one is (see inServedState). */
export function onlyServed<T extends { entityId: string }>(
  candidates: readonly T[],
  domain: string,
  service: string,
  states: HassEntities | undefined,
): T | undefined {
  const served = states && inServedState(candidates, domain, service, states);
  return served?.length === 1 ? served[0] : undefined;
}
