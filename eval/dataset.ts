/**
 * The eval's homes and cases, read from the vendored datasets (eval/datasets/*): allenporter's
 * home-assistant-datasets `device-actions-v2` (English homes; each sentence's action comes from the
 * device-actions file, its entity from the fixtures) and our own Chinese homes in the same fixture
 * format (with the action written on each test group).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { statesServed } from "../src/ha/index.js";

export interface EvalArea {
  id: string;
  name: string;
  aliases: string[];
  floor?: string;
}

export interface EvalEntity {
  id: string;
  name: string;
  aliases: string[];
  area?: string;
  device?: string;
  deviceClass?: string;
  state: string;
  attributes: Record<string, unknown>;
}

export interface EvalHome {
  id: string;
  dataset: string;
  language: string;
  areas: EvalArea[];
  devices: { id: string; name: string; area?: string }[];
  entities: EvalEntity[];
}

/** What must hold after the case, per entity: a state, and attributes compared by `op`. */
export interface Expectation {
  state?: string;
  attribute?: { name: string; op: "eq" | "gt" | "lt" | "changed"; value?: number };
}

export interface EvalCase {
  id: string;
  home: string;
  /** Which vendored dataset the case comes from. */
  dataset: string;
  sentence: string;
  /** The call a literal-minded model makes: domain.service and its data. */
  service: string;
  data: Record<string, unknown>;
  expect: Record<string, Expectation>;
  /**
   * Whether the words can tell the device: they hold its name, its device's or its area's name, or it
   * is the only one of its domain (or of its device class) in the home, or the only one of its domain in
   * a state the service applies to once the case is primed (HA's rule: "resume the music" with one
   * player paused, src/ha/service-states.ts). "Pause the music" in a home with three speakers playing is
   * not: the right answer there is a question, and it is not scored as a miss.
   */
  determinate: boolean;
  /** The state the target starts in, so that the expected change is a change. */
  prime?: Record<string, { state?: string; attributes?: Record<string, unknown> }>;
  /** The language HA tells the turn (its conversation request's `language`), where the case has one. */
  language?: string;
  /** The area of the satellite that heard the sentence (HA's preferred area), by name. */
  speakerArea?: string;
}

export interface Dataset {
  homes: EvalHome[];
  cases: EvalCase[];
  /**
   * Sentences left out: no state can tell whether they were done ("dim the light a bit"), or the dataset
   * labels them with a device they do not name (errata.yaml).
   */
  skipped: number;
}

const ROOT = join(import.meta.dirname, "datasets");
const HAD = join(ROOT, "home-assistant-datasets");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Yaml = any;

export function loadDataset(): Dataset {
  const homes: EvalHome[] = [];
  const cases: EvalCase[] = [];
  let skipped = 0;
  const add = (
    dataset: string,
    dir: string,
    actionOf: (sentence: string, group: Yaml) => string | undefined,
  ) => {
    for (const homeId of readdirSync(dir).sort()) {
      const fixtures = join(dir, homeId, "_fixtures.yaml");
      if (!existsSync(fixtures)) continue;
      const home = readHome(dataset, homeId, parse(readFileSync(fixtures, "utf8")));
      homes.push(home);
      for (const file of readdirSync(join(dir, homeId)).sort()) {
        if (file.startsWith("_") || !file.endsWith(".yaml")) continue;
        const doc = parse(readFileSync(join(dir, homeId, file), "utf8"));
        for (const group of doc.tests ?? []) {
          for (const sentence of group.sentences as string[]) {
            const action = actionOf(sentence, { ...group, home: homeId });
            const wrongLabel = errata.has(`${homeId}\n${group.entity_id}\n${sentence}`);
            const one = action && !wrongLabel && caseFor(home, group.entity_id, action, sentence);
            if (!one) {
              skipped++;
              continue;
            }
            const built = wholeRoom(home, one, sentence);
            const ids = Object.keys(built.expect);
            const determinate =
              !namesAnotherRoom(home, ids, sentence) &&
              (tellsDevice(home, ids, sentence) || tellsByState(home, built));
            cases.push({
              ...built,
              id: `${homeId}/${cases.length}`,
              home: homeId,
              dataset,
              sentence,
              determinate,
            });
          }
        }
      }
    }
  };

  const errata = readErrata();
  const actions = readActions();
  add("home-assistant-datasets", join(HAD, "device-actions-v2-fixtures"), (sentence, group) =>
    actions.get(`${group.home}\n${sentence.trim().toLowerCase()}`),
  );
  add("cyrene-zh", join(ROOT, "cyrene-zh"), (_sentence, group) => group.action);
  return { homes, cases, skipped };
}

/** "home\nentity\nsentence" of the sentences labelled with a device they do not name (errata.yaml). */
function readErrata(): Set<string> {
  const out = new Set<string>();
  for (const e of parse(readFileSync(join(ROOT, "errata.yaml"), "utf8")) as Yaml[])
    for (const sentence of e.sentences) out.add(`${e.home}\n${e.entity_id}\n${sentence}`);
  return out;
}

/** "home\nsentence" → action, from the device-actions-v2 files. */
function readActions(): Map<string, string> {
  const out = new Map<string, string>();
  const dir = join(HAD, "device-actions-v2");
  for (const home of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, home))) {
      for (const doc of parseAllDocuments(readFileSync(join(dir, home, file), "utf8"))) {
        const data = doc.toJS() as Yaml;
        for (const action of data?.actions?.actions ?? [])
          for (const sentence of action.sentences ?? [])
            out.set(`${data.home}\n${String(sentence).trim().toLowerCase()}`, action.action);
      }
    }
  }
  return out;
}

export function readHome(dataset: string, id: string, doc: Yaml): EvalHome {
  const floorName = (floor: unknown) => (typeof floor === "string" && floor ? floor : undefined);
  return {
    id,
    dataset,
    language: doc.language ?? (dataset === "cyrene-zh" ? "zh" : "en"),
    areas: (doc.areas ?? []).map((a: Yaml) => ({
      id: a.id,
      name: a.name,
      aliases: a.aliases ?? [],
      floor: floorName(a.floor),
    })),
    devices: (doc.devices ?? [])
      .filter((d: Yaml, i: number, all: Yaml[]) => all.findIndex((x: Yaml) => x.id === d.id) === i)
      .map((d: Yaml) => ({ id: d.id, name: d.name, area: d.area ?? undefined })),
    // A few generated homes list one entity id twice; HA holds one entity per id: the first stands.
    entities: (doc.entities ?? [])
      .filter((e: Yaml, i: number, all: Yaml[]) => all.findIndex((x: Yaml) => x.id === e.id) === i)
      .map((e: Yaml) => {
        const attributes: Record<string, unknown> = { ...(e.attributes ?? {}) };
        const deviceClass = enumValue(attributes.device_class);
        delete attributes.device_class;
        delete attributes.supported_features;
        return {
          id: e.id,
          name: e.name,
          aliases: e.aliases ?? [],
          area: e.area ?? undefined,
          device: e.device ?? undefined,
          deviceClass,
          state: initialState(e.id, e.state),
          attributes,
        };
      }),
  };
}

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .replace(/s\b/g, "");

const CLASS_WORDS: Record<string, RegExp> = {
  tv: /\b(?:tv|television)\b|电视|投影/i,
  speaker: /\b(?:speakers?|music|songs?)\b|音箱|音乐|歌/i,
  blind: /\b(?:blinds?|shades?|shutters?)\b|百叶|卷帘/i,
  curtain: /\bcurtains?\b|窗帘/i,
  garage: /\bgarage\b|车库/i,
};

function tellsDevice(home: EvalHome, entityIds: string[], sentence: string): boolean {
  const said = squash(sentence.replace(/(\w)s\b/g, "$1"));
  return entityIds.every((id) => {
    const entity = home.entities.find((e) => e.id === id)!;
    const domain = id.split(".")[0]!;
    const peers = home.entities.filter((e) => e.id.split(".")[0] === domain);
    if (peers.length === 1) return true;
    // "the TV" or "the music" tells a TV or a speaker when the home has one of that class.
    const classWord = CLASS_WORDS[entity.deviceClass ?? ""];
    const onlyOfClass = peers.filter((e) => e.deviceClass === entity.deviceClass).length === 1;
    if (classWord && onlyOfClass && classWord.test(sentence)) return true;
    const device = home.devices.find((d) => d.id === entity.device);
    // A short name is a word, not letters inside others: "Tv" is not in "set volume".
    const saysName = (n: string | undefined) =>
      n &&
      (/^[a-z]{1,3}$/i.test(n)
        ? new RegExp(`\\b${n}s?\\b`, "i").test(sentence)
        : said.includes(squash(n.replace(/(\w)s\b/g, "$1"))));
    if ([entity.name, ...entity.aliases, device?.name].some(saysName)) return true;
    // A room's name tells the device only when nothing else of its domain there is left out ("the
    // laundry room smart plug" with a washer's and a dryer's plug there does not), or with the word for
    // its class when it is the only one of that class in the room ("the living room TV").
    const area = home.areas.find((a) => a.id === entity.area);
    if (!area || ![area.name, ...area.aliases].some(saysName)) return false;
    const inRoom = peers.filter((e) => e.area === area.id);
    if (inRoom.every((e) => entityIds.includes(e.id))) return true;
    const classInRoom = inRoom.filter((e) => e.deviceClass === entity.deviceClass);
    return Boolean(classWord?.test(sentence)) && classInRoom.length === 1;
  });
}

/**
 * Words of room names that do not tell one room: too common ("room", "house"), joining words, and
 * "play" of a Play Room, which a media request says as its verb ("play music").
 */
const COMMON_ROOM_WORDS = new Set(["room", "house", "area", "open", "concept", "main", "and", "the", "play"]);

/** The words of a room's name that tell it apart: "porch" of "Wrap-around Porch". */
function roomWords(name: string): string[] {
  return (name.toLowerCase().match(/\p{L}+/gu) ?? [])
    .map((w) => w.replace(/s$/, ""))
    .filter((w) => w.length > 2 && !COMMON_ROOM_WORDS.has(w));
}

/**
 * The words name a room of the home that the device is not in ("the guest bedroom light" for the master
 * bedroom's, "the smart plug in the Guest Kitchen" for the main house's): they do not tell that device,
 * whatever else they say; acting on it would be acting outside what they name. A room's name inside one of
 * the device's own names ("Bedroom Light" in the Master Bedroom) is the device's name, not another room.
 */
function namesAnotherRoom(home: EvalHome, entityIds: string[], sentence: string): boolean {
  const said = squash(sentence.replace(/(\w)s\b/g, "$1"));
  return entityIds.some((id) =>
    placesElsewhere(
      home,
      home.entities.find((e) => e.id === id)!,
      said,
      sentence,
    ),
  );
}

function placesElsewhere(home: EvalHome, entity: EvalEntity, said: string, sentence: string): boolean {
  const squashed = (n: string) => squash(n.replace(/(\w)s\b/g, "$1"));
  const device = home.devices.find((d) => d.id === entity.device);
  const own = home.areas.find((a) => a.id === entity.area);
  const ownRaw = [entity.name, ...entity.aliases, device?.name, own?.name, ...(own?.aliases ?? [])].filter(
    (n): n is string => Boolean(n),
  );
  const ownNames = ownRaw.map(squashed);
  const ownWords = new Set(ownRaw.flatMap(roomWords));
  const words = new Set(roomWords(sentence));
  return home.areas.some(
    (area) =>
      area.id !== entity.area &&
      [area.name, ...area.aliases].some((n) => {
        const name = squashed(n);
        if (name.length > 0 && said.includes(name) && !ownNames.some((o) => o.includes(name))) return true;
        // A word of another room's name that none of the device's own names holds ("the porch speaker"
        // for the family room's, with a Wrap-around Porch in the home): the words place it elsewhere.
        return roomWords(n).some((w) => words.has(w) && !ownWords.has(w));
      }),
  );
}

/** What a sentence may hold besides the room when it names only the room: the request and its values. */
const ROOM_ONLY_REST =
  /\b(?:please|can|could|you|turn|switch|set|make|start|stop|open|close|lock|unlock|pause|unpause|resume|on|off|up|down|to|the|in|of|at|volume|brightness|louder|quieter|playback|\d+\s*(?:%|percent|degrees?(?: celsius)?)?)\b|[?.!,%]/gi;

/**
 * A sentence that names only a room ("Pause in the family room", "Volume 50% in the living room") asks
 * for every entity of the service's domain there, as HA's intents read it (HassTurnOn(area, domain); the
 * media intents keep those in a state they apply to, and every player of the datasets starts playing):
 * the case expects them all, though the dataset lists it under one device.
 */
function wholeRoom<T extends Pick<EvalCase, "service" | "expect" | "prime">>(
  home: EvalHome,
  c: T,
  sentence: string,
): T {
  const [target] = Object.keys(c.expect);
  const entity = home.entities.find((e) => e.id === target);
  const area = home.areas.find((a) => a.id === entity?.area);
  if (!entity || !area || Object.keys(c.expect).length !== 1) return c;
  const domain = entity.id.split(".")[0]!;
  const peers = home.entities.filter((e) => e.area === area.id && e.id.startsWith(`${domain}.`));
  if (peers.length < 2) return c;
  const said = sentence.toLowerCase();
  const names = [area.name, ...area.aliases].map((n) => n.toLowerCase()).filter((n) => said.includes(n));
  if (!names.length) return c;
  const rest = names.reduce((text, name) => text.split(name).join(" "), said);
  if (rest.replace(ROOM_ONLY_REST, "").trim()) return c;
  const want = c.expect[target!]!;
  // HA's light.turn_on turns an on/off-only light on and has no brightness to set on it.
  const onOnly = (e: EvalEntity) =>
    want.attribute?.name === "brightness" &&
    [e.attributes.supported_color_modes].flat().every((mode) => mode === "onoff");
  return {
    ...c,
    expect: Object.fromEntries(peers.map((e) => [e.id, onOnly(e) ? { state: "on" } : want])),
  };
}

/**
 * Whether the state tells the device: each expected entity is the only one of its domain in a state the
 * case's service applies to, with the case primed (the other entities are in their first states).
 */
function tellsByState(home: EvalHome, c: Pick<EvalCase, "service" | "expect" | "prime">): boolean {
  const [domain, service] = c.service.split(".") as [string, string];
  const served = statesServed(domain, service);
  if (!served) return false;
  const stateOf = (e: EvalEntity) => c.prime?.[e.id]?.state ?? e.state;
  const inState = home.entities.filter((e) => e.id.startsWith(`${domain}.`) && served.includes(stateOf(e)));
  return inState.length === 1 && Object.keys(c.expect).every((id) => id === inState[0]!.id);
}

/** "media_player.MediaPlayerDeviceClass.TV" → "tv". */
function enumValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.split(".").pop()!.toLowerCase();
}

function initialState(entityId: string, state: unknown): string {
  if (state === true) return "on";
  if (state === false || state === null || state === undefined) {
    return entityId.startsWith("valve.") || entityId.startsWith("cover.") ? "closed" : "off";
  }
  return String(state);
}

const NUMBER = /(\d+(?:\.\d+)?)/;

/** A player whose track or volume is to change plays (HA's track and volume intents act on those). */
function primedState(domain: string): string | undefined {
  return domain === "media_player" ? "playing" : undefined;
}

/** The service, data and expected state for one sentence of an action on one entity. */
function caseFor(
  home: EvalHome,
  entityId: string,
  action: string,
  sentence: string,
): Omit<EvalCase, "id" | "home" | "dataset" | "sentence" | "determinate"> | undefined {
  if (!home.entities.some((e) => e.id === entityId)) return undefined;
  const domain = entityId.split(".")[0]!;
  const number = NUMBER.exec(sentence)?.[1];
  const n = number === undefined ? undefined : Number(number);
  const only = (state: string, service: string, data: Record<string, unknown> = {}, from?: string) => ({
    service: `${domain}.${service}`,
    data,
    expect: { [entityId]: { state } },
    prime: from ? { [entityId]: { state: from } } : undefined,
  });
  const attribute = (
    service: string,
    data: Record<string, unknown>,
    name: string,
    op: "eq" | "gt" | "lt" | "changed",
    value: number | undefined,
    prime: Record<string, unknown>,
    state?: string,
  ) => ({
    service: `${domain}.${service}`,
    data,
    expect: { [entityId]: { state, attribute: { name, op, value } } },
    prime: { [entityId]: { state: state === "on" ? "off" : primedState(domain), attributes: prime } },
  });
  const onOff = ["light", "switch", "fan", "media_player", "input_boolean", "humidifier"];
  switch (action.toLowerCase()) {
    case "turn on":
      if (onOff.includes(domain)) return only("on", "turn_on", {}, "off");
      if (domain === "valve") return only("open", "open_valve", {}, "closed");
      if (domain === "cover") return only("open", "open_cover", {}, "closed");
      if (domain === "climate") return only("heat", "turn_on", {}, "off");
      if (domain === "vacuum") return only("cleaning", "start", {}, "docked");
      return undefined;
    case "turn off":
      if (onOff.includes(domain)) return only("off", "turn_off", {}, "on");
      if (domain === "valve") return only("closed", "close_valve", {}, "open");
      if (domain === "cover") return only("closed", "close_cover", {}, "open");
      if (domain === "climate") return only("off", "turn_off", {}, "heat");
      if (domain === "vacuum") return only("returning", "return_to_base", {}, "cleaning");
      return undefined;
    case "open":
      if (domain === "valve") return only("open", "open_valve", {}, "closed");
      return domain === "cover" ? only("open", "open_cover", {}, "closed") : undefined;
    case "close":
      if (domain === "valve") return only("closed", "close_valve", {}, "open");
      return domain === "cover" ? only("closed", "close_cover", {}, "open") : undefined;
    case "lock":
      return domain === "lock" ? only("locked", "lock", {}, "unlocked") : undefined;
    case "unlock":
      return domain === "lock" ? only("unlocked", "unlock", {}, "locked") : undefined;
    case "start":
      return domain === "vacuum" ? only("cleaning", "start", {}, "docked") : undefined;
    case "return to base":
      return domain === "vacuum" ? only("returning", "return_to_base", {}, "cleaning") : undefined;
    case "pause":
      return domain === "media_player" ? only("paused", "media_pause", {}, "playing") : undefined;
    case "unpause":
      return domain === "media_player" ? only("playing", "media_play", {}, "paused") : undefined;
    case "next track":
      if (domain !== "media_player") return undefined;
      return attribute("media_next_track", {}, "media_track", "gt", 5, { media_track: 5 });
    case "previous track":
      if (domain !== "media_player") return undefined;
      return attribute("media_previous_track", {}, "media_track", "lt", 5, { media_track: 5 });
    case "set brightness":
      if (domain !== "light" || n === undefined || n > 100) return undefined;
      // HA's light.turn_on turns a light off when asked for brightness 0.
      if (n === 0) return only("off", "turn_on", { brightness_pct: 0 }, "on");
      return attribute(
        "turn_on",
        { brightness_pct: n },
        "brightness",
        "eq",
        Math.round((n / 100) * 255),
        {},
        "on",
      );
    case "set volume": {
      if (domain !== "media_player") return undefined;
      if (n !== undefined && n <= 100)
        return attribute("volume_set", { volume_level: n / 100 }, "volume_level", "eq", n / 100, {
          volume_level: 0.3,
        });
      if (/louder|up|increase|raise|大声|调大|调高/i.test(sentence))
        return attribute("volume_up", {}, "volume_level", "gt", 0.3, { volume_level: 0.3 });
      if (/quieter|down|lower|decrease|softer|小声|调小|调低/i.test(sentence))
        return attribute("volume_down", {}, "volume_level", "lt", 0.3, { volume_level: 0.3 });
      return undefined;
    }
    case "set temperature":
      if (domain !== "climate" || n === undefined) return undefined;
      return attribute("set_temperature", { temperature: n }, "temperature", "eq", n, {
        temperature: n === 20 ? 18 : 20,
      });
    case "set position":
      if (domain !== "cover" || n === undefined || n > 100) return undefined;
      return attribute("set_cover_position", { position: n }, "current_position", "eq", n, {
        current_position: n === 0 ? 100 : 0,
      });
    default:
      return undefined;
  }
}
