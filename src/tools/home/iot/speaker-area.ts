import {
  clearWinner,
  type EntityDirectory,
  type EntityInfo,
  type HassEntities,
  type Resolution,
} from "../../../ha/index.js";
import type { Logger } from "../../../logging/logger.js";
import type { TurnContext } from "../../../turn/context.js";

/**
 * HA's "preferred area": a command that names no room acts in the room of the satellite that heard it
 * ("turn on the light" from the kitchen is the kitchen's light), as HA's own agents do. A room or a
 * device the words name always wins, and so does "all" (HA's "turn on all the lights" is the house's).
 */

/** Turns whose problem with the speaker's room was logged already: one line per turn. */
const logged = new WeakSet<TurnContext>();

/**
 * The area the words were heard in, from what HA told of the turn (ctx.turn.speaker), checked against the
 * home: undefined when HA told none, or when what it told does not hold (said once in the log).
 */
export function speakerAreaId(
  dir: EntityDirectory,
  states: HassEntities,
  turn: TurnContext,
  logger: Logger,
): string | undefined {
  const { speaker } = turn;
  if (!speaker?.area && !speaker?.deviceId) return undefined;
  const unusable = (why: string) => {
    // Only a device was told (Wyoming; the Ollama route, which logs that HA named no room): nothing to add.
    if (!speaker.area) return undefined;
    if (!logged.has(turn)) {
      logged.add(turn);
      logger.warn({ speaker }, `The speaker's room is not used: ${why}; no room is assumed`);
    }
    return undefined;
  };
  if (speaker.deviceId) {
    const device = dir.devices.get(speaker.deviceId);
    if (!device) return unusable("HA's device registry has no such satellite");
    if (!device.areaId || !dir.areas.has(device.areaId))
      return unusable("the satellite's area no longer exists");
    if (!available(dir, states, device.id))
      return unusable(`the satellite (${device.name ?? device.id}) is unavailable`);
    return device.areaId;
  }
  const said = (speaker.area ?? "").toLowerCase();
  const area = [...dir.areas.values()].find((a) => a.name.toLowerCase() === said);
  return area
    ? area.id
    : unusable(`HA's area "${speaker.area}" is not among HA's areas as Cyrene knows them`);
}

/** A device is available while one of its entities has a state other than unavailable. */
function available(dir: EntityDirectory, states: HassEntities, deviceId: string): boolean {
  return dir.entities.some(
    (e) => e.deviceId === deviceId && (states[e.entityId]?.state ?? "unavailable") !== "unavailable",
  );
}

/** Candidates this close to the best are ones the speaker's room may choose between. */
const TIED = 0.1;

/**
 * The resolution narrowed to the speaker's area, when the words name no room and not all: a kind of
 * device ("the light", "灯") means that room's, and among names the words do not tell apart (one name in
 * two rooms) the one in that room is meant. Unchanged when that room has none of them.
 */
export function inSpeakerArea(r: Resolution, areaId: string | undefined, all: boolean): Resolution {
  if (!areaId || all || r.reading.areaIds.length > 0 || r.kind === "none") return r;
  if (r.kind === "ranked" && clearWinner(r.candidates)) return r;
  const best = r.candidates[0]?.score ?? 0;
  const contenders = r.kind === "ranked" ? r.candidates.filter((c) => c.score >= best - TIED) : r.candidates;
  const here = contenders.filter((c) => c.entity.areaId === areaId);
  if (here.length === 0) return r;
  return { ...r, candidates: here, reading: { ...r.reading, areaIds: [areaId] } };
}

/** Devices the words do not name ("pause", "the music"): those in the speaker's area, if it has any. */
export function unnamedInSpeakerArea(
  candidates: EntityInfo[] | undefined,
  areaId: string | undefined,
  all: boolean,
): EntityInfo[] | undefined {
  if (!candidates || !areaId || all || candidates.length < 2) return candidates;
  const here = candidates.filter((e) => e.areaId === areaId);
  return here.length ? here : candidates;
}
