/**
 * The devices an intents case expects, as the HA under test targets them: each sentence is read by that
 * HA's own conversation agent without acting (websocket `conversation/agent/homeassistant/debug`, HA's
 * `DefaultAgent.async_debug_recognize`), with the case's home loaded and, for a sentence spoken in a
 * room, a device in that room as the one that heard it. The entities it returns as targets (exposed
 * entities of the home, matched by HA's `async_match_targets`) are the expected devices; none means HA
 * acts on nothing, and so the case is indeterminate.
 *
 * The slots of the vendored tests (OHF-Voice/intents at 4cc318b, eval/intents.ts) stay as a cross-check:
 * where this HA reads a sentence as no intent, another intent, or acts on a domain other than the case's,
 * the case keeps the expectation of those slots, and the count says how many.
 */
import type { EvalHome } from "./dataset.js";
import { actionOf, type IntentCase } from "./intents.js";
import type { HaRecognition, RealHa } from "./real-home.js";

/** How HA's reading of a case compares with the vendored slots. */
export type Reading =
  /** The same devices as the slots'. */
  | "same"
  /** HA read a device class the slots lack ("die Rollos" as blinds): other devices. */
  | "device class added"
  /** Other devices for another reason (a name, an area, a floor read otherwise; none found). */
  | "other"
  /**
   * Kept the slots' expectation: HA read no intent, another intent, a slot it matched to nothing in the
   * home ("in the house" as an area named "house"), or devices of another domain.
   */
  | "kept: no intent"
  | "kept: other intent"
  | "kept: unmatched slot"
  | "kept: other domain";

export interface Reread {
  case: IntentCase;
  reading: Reading;
  /** The devices the vendored slots give, and those HA targets (where it was used). */
  slotTargets: string[];
  haTargets?: string[];
  /** What HA read: intent and slots, for printing. */
  ha?: string;
}

/** Each case with the devices the HA under test targets for its sentence (see the file's comment). */
export async function expectWhatHaTargets(
  ha: RealHa,
  homes: EvalHome[],
  cases: IntentCase[],
): Promise<Reread[]> {
  const out: Reread[] = [];
  for (const home of homes) {
    const mine = cases.filter((c) => c.home === home.id);
    const heardIn = (c: IntentCase) => home.areas.find((a) => a.name === c.speakerArea)?.id;
    // A device in each room a sentence is spoken in: HA's context area is the area of the device that heard it.
    const rooms = [...new Set(mine.map(heardIn).filter((a): a is string => a !== undefined))];
    const satellites = rooms.map((area) => ({ id: `satellite-${area}`, name: `Satellite ${area}`, area }));
    await ha.load({ ...home, devices: [...home.devices, ...satellites] });
    const deviceIds = await ha.deviceIds();
    const byRoom = new Map<string | undefined, IntentCase[]>();
    for (const c of mine) byRoom.set(heardIn(c), [...(byRoom.get(heardIn(c)) ?? []), c]);
    for (const [room, group] of byRoom) {
      const deviceId = room === undefined ? undefined : deviceIds.get(`satellite-${room}`);
      if (room !== undefined && !deviceId) throw new Error(`no device in ${room} of ${home.id}`);
      const readings = await ha.recognize(
        group.map((c) => c.sentence),
        home.language,
        deviceId,
      );
      group.forEach((c, i) => out.push(reread(home, c, readings[i] ?? null)));
    }
  }
  // In the cases' order.
  const order = new Map(cases.map((c, i) => [c.id, i]));
  return out.sort((a, b) => order.get(a.case.id)! - order.get(b.case.id)!);
}

/**
 * The domain an intent's handler acts on whatever the slots match (`required_domains`, or the platforms of
 * HassSetPosition, whose valves the eval's homes do not have): homeassistant/components/{light,fan}/intent.py
 * and intent/__init__.py's SetPositionIntentHandler.
 */
const HANDLER_DOMAIN: Record<string, string> = {
  HassLightSet: "light",
  HassFanSetSpeed: "fan",
  HassSetPosition: "cover",
};

/** One case as the HA under test reads its sentence (`read`: its debug answer; null, no intent). */
export function reread(home: EvalHome, c: IntentCase, read: HaRecognition | null): Reread {
  const slotTargets = Object.keys(c.expect).sort();
  const kept = (reading: Reading, ha?: string): Reread => ({ case: c, reading, slotTargets, ha });
  if (!read?.intent) return kept("kept: no intent");
  const said = `${read.intent.name} ${JSON.stringify(read.slots)}${read.match ? "" : " (unmatched)"}`;
  if (read.intent.name !== c.intent) return kept("kept: other intent", said);
  if (!read.match)
    return kept("kept: unmatched slot", `${said} ${JSON.stringify(read.unmatched_slots ?? {})}`);
  const all = Object.keys(read.targets);
  const stranger = all.find((id) => !home.entities.some((e) => e.id === id));
  if (stranger) throw new Error(`HA targets ${stranger}, not an entity of ${home.id}: ${c.sentence}`);
  // The debug command lists what the slots match; the intent's handler then keeps its own domain.
  const handled = HANDLER_DOMAIN[c.intent];
  const haTargets = all.filter((id) => !handled || id.startsWith(`${handled}.`)).sort();
  if (haTargets.some((id) => !id.startsWith(`${c.domain}.`))) return kept("kept: other domain", said);
  const action = actionOf(c.intent, c.domain, c.slots)!;
  const rebased: IntentCase = {
    ...c,
    expect: Object.fromEntries(haTargets.map((id) => [id, action.expect])),
    prime: Object.fromEntries(haTargets.map((id) => [id, action.prime])),
    // HA acts on exactly these devices; where it finds none, the right answer is to do nothing.
    determinate: haTargets.length > 0,
  };
  const same = haTargets.join() === slotTargets.join();
  const classAdded = read.slots.device_class !== undefined && c.slots.device_class === undefined;
  const reading: Reading = same ? "same" : classAdded ? "device class added" : "other";
  return { case: rebased, reading, slotTargets, haTargets, ha: said };
}
