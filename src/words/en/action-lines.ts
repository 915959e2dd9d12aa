import type { ActionLines } from "../action-lines.js";

// HA's service names (homeassistant/components/*/services.yaml), said as a person would.
const VERBS: Record<string, (targets: string) => string> = {
  turn_on: (t) => `turn on ${t}`,
  turn_off: (t) => `turn off ${t}`,
  toggle: (t) => `toggle ${t}`,
  open_cover: (t) => `open ${t}`,
  close_cover: (t) => `close ${t}`,
  stop_cover: (t) => `stop ${t}`,
  set_cover_position: (t) => `set the position of ${t}`,
  open: (t) => `open ${t}`,
  lock: (t) => `lock ${t}`,
  unlock: (t) => `unlock ${t}`,
  set_temperature: (t) => `set the temperature of ${t}`,
  set_hvac_mode: (t) => `set the mode of ${t}`,
  start: (t) => `start ${t}`,
  pause: (t) => `pause ${t}`,
  return_to_base: (t) => `send ${t} back to its dock`,
  media_play: (t) => `play ${t}`,
  media_pause: (t) => `pause ${t}`,
  press: (t) => `press ${t}`,
  alarm_disarm: (t) => `disarm ${t}`,
};

const list = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "it");

export const actionLines: ActionLines = {
  honestNotDone:
    "Sorry, I did not actually do that: no device was controlled. Please ask again and I'll try once more.",
  askBeforeActing: (service, targets) => {
    const say = VERBS[service] ?? ((t: string) => `run ${service.replaceAll("_", " ")} on ${t}`);
    return `Do you want me to ${say(list(targets))}?`;
  },
};
