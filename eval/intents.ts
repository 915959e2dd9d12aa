/**
 * Home Assistant's own intent tests as eval cases (eval/datasets/home-assistant-intents, see its NOTICE):
 * each language's `_fixtures.yaml` is a home with names in that language, and each device sentence of the
 * light, fan and cover files comes with the intent and slots HA read from it at that commit (name, area,
 * floor, domain, device class, and the value to set). The devices a case expects here are those HA's
 * intents act on for those slots: the entities of the domain with that name or alias, in that area or on
 * that floor, of that device class. Where HA finds none ("the floor lamp on the upper floor" in a home
 * whose floor lamp is downstairs), the case expects nothing done: it is indeterminate, and any action is a
 * wrong device.
 *
 * Those slots are of 2024's data: the test (test/eval/intents.test.ts) replaces each expectation with what
 * the HA under test targets for the sentence (eval/intents-ha.ts), and keeps this one, as a cross-check and
 * where that HA cannot read the sentence.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { EvalArea, EvalCase, EvalEntity, EvalHome, Expectation } from "./dataset.js";

const ROOT = join(import.meta.dirname, "datasets", "home-assistant-intents");
export const INTENT_LANGUAGES = ["en", "de", "fr", "zh-CN"] as const;
/** Sentences taken from each test group, spread over it (German groups hold up to 40 variants). */
const PER_GROUP = 3;
/** The domains the eval home's integration makes entities of (eval/ha/custom_components). */
const DOMAINS = new Set(["light", "switch", "fan", "cover", "climate", "lock"]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Yaml = any;

/** A case with what HA's intents test at 4cc318b says of its sentence. */
export interface IntentCase extends EvalCase {
  intent: string;
  /** The test's slots, its context's area among them. */
  slots: Record<string, unknown>;
  /** The domain the case's action is a service of. */
  domain: string;
}

export interface IntentCases {
  homes: EvalHome[];
  cases: IntentCase[];
  /** Sentences of intents or values the eval home cannot show (a color, a valve), per language. */
  skipped: number;
}

export function loadIntentCases(languages: readonly string[] = INTENT_LANGUAGES): IntentCases {
  const homes: EvalHome[] = [];
  const cases: IntentCase[] = [];
  let skipped = 0;
  for (const language of languages) {
    const dir = join(ROOT, language);
    const fixtures = parse(readFileSync(join(dir, "_fixtures.yaml"), "utf8")) as Yaml;
    const home = readHome(language, fixtures);
    homes.push(home);
    for (const file of readdirSync(dir).sort()) {
      if (file.startsWith("_") || !file.endsWith(".yaml")) continue;
      const fileDomain = file.split("_")[0]!;
      const doc = parse(readFileSync(join(dir, file), "utf8")) as Yaml;
      for (const group of doc.tests ?? []) {
        const sentences = spread((group.sentences ?? []) as string[]);
        const built = caseOf(home, fixtures, fileDomain, group);
        if (!built) {
          skipped += sentences.length;
          continue;
        }
        for (const sentence of sentences)
          cases.push({
            ...built,
            id: `${home.id}/${cases.length}`,
            home: home.id,
            dataset: "home-assistant-intents",
            sentence: String(sentence),
          });
      }
    }
  }
  return { homes, cases, skipped };
}

/** Up to PER_GROUP sentences of a group: the first, the last and between. */
function spread<T>(all: T[]): T[] {
  if (all.length <= PER_GROUP) return all;
  const out = new Set<T>();
  for (let i = 0; i < PER_GROUP; i++) out.add(all[Math.round((i * (all.length - 1)) / (PER_GROUP - 1))]!);
  return [...out];
}

function readHome(language: string, doc: Yaml): EvalHome {
  const floors = new Map<string, string>((doc.floors ?? []).map((f: Yaml) => [f.id, f.name]));
  const areas: EvalArea[] = (doc.areas ?? []).map((a: Yaml) => ({
    id: a.id,
    name: a.name,
    aliases: a.aliases ?? [],
    floor: a.floor ? floors.get(a.floor) : undefined,
  }));
  const seen = new Set<string>();
  const entities: EvalEntity[] = [];
  for (const e of doc.entities ?? []) {
    const domain = String(e.id).split(".")[0]!;
    if (!DOMAINS.has(domain)) continue;
    // A fixture may give two entities one id (HA's intent tests only read names): each gets its own.
    let id = String(e.id);
    for (let n = 2; seen.has(id); n++) id = `${e.id}_${n}`;
    seen.add(id);
    const attributes: Record<string, unknown> = { ...(e.attributes ?? {}) };
    const deviceClass = typeof attributes.device_class === "string" ? attributes.device_class : undefined;
    delete attributes.device_class;
    for (const [key, value] of Object.entries(attributes)) if (value === null) delete attributes[key];
    // Every light dims, so that a brightness said to a room shows on each of its lights.
    if (domain === "light") attributes.brightness ??= 255;
    const state = typeof e.state === "object" && e.state ? e.state.out : e.state;
    entities.push({
      id,
      name: e.name,
      aliases: e.aliases ?? [],
      area: e.area ?? undefined,
      deviceClass,
      state: state === undefined ? (domain === "cover" ? "closed" : "off") : String(state),
      attributes,
    });
  }
  return {
    id: `intents-${language}`,
    dataset: "home-assistant-intents",
    language,
    areas,
    devices: [],
    entities,
  };
}

const same = (a: unknown, b: unknown) =>
  typeof a === "string" && typeof b === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();

type Built = Omit<IntentCase, "id" | "home" | "dataset" | "sentence">;

/** The service, data and expected devices of one test group, or undefined where the eval cannot show it. */
function caseOf(home: EvalHome, fixtures: Yaml, fileDomain: string, group: Yaml): Built | undefined {
  const intent = group.intent?.name as string | undefined;
  const slots: Yaml = { ...(group.intent?.context ?? {}), ...(group.intent?.slots ?? {}) };
  const domain: string = slots.domain ?? fileDomain;
  if (!DOMAINS.has(domain)) return undefined;
  const areaOf = (name: unknown) => home.areas.find((a) => same(a.name, name) || same(a.id, name));
  const floorAreas = (name: unknown) => {
    const floor = (fixtures.floors ?? []).find((f: Yaml) => same(f.name, name));
    return floor ? home.areas.filter((a) => a.floor === floor.name).map((a) => a.id) : undefined;
  };
  const area = slots.area === undefined ? undefined : areaOf(slots.area);
  if (slots.area !== undefined && !area) return undefined;
  const onFloor = slots.floor === undefined ? undefined : floorAreas(slots.floor);
  if (slots.floor !== undefined && !onFloor) return undefined;
  const name = slots.name === "all" ? undefined : slots.name;
  const targets = home.entities.filter(
    (e) =>
      e.id.startsWith(`${domain}.`) &&
      (name === undefined || [e.name, ...e.aliases].some((n) => same(n, name))) &&
      (!area || e.area === area.id) &&
      (!onFloor || (e.area !== undefined && onFloor.includes(e.area))) &&
      (slots.device_class === undefined || e.deviceClass === slots.device_class),
  );
  const speakerArea = group.intent?.context?.area;
  const speaker = speakerArea === undefined ? undefined : areaOf(speakerArea)?.name;
  if (speakerArea !== undefined && !speaker) return undefined;
  const action = actionOf(intent, domain, slots);
  if (!action) return undefined;
  const expect: Record<string, Expectation> = Object.fromEntries(targets.map((e) => [e.id, action.expect]));
  const prime = Object.fromEntries(targets.map((e) => [e.id, action.prime]));
  return {
    intent: intent!,
    slots,
    domain,
    service: action.service,
    data: action.data,
    expect,
    prime,
    // HA acts on exactly these devices; where it finds none, the right answer is to do nothing.
    determinate: targets.length > 0,
    language: home.language,
    ...(speaker ? { speakerArea: speaker } : {}),
  };
}

export interface Action {
  service: string;
  data: Record<string, unknown>;
  expect: Expectation;
  prime: { state?: string; attributes?: Record<string, unknown> };
}

export function actionOf(intent: string | undefined, domain: string, slots: Yaml): Action | undefined {
  const cover = domain === "cover";
  const plain = (service: string, state: string, from: string): Action => ({
    service: `${domain}.${service}`,
    data: {},
    expect: { state },
    prime: { state: from },
  });
  switch (intent) {
    case "HassTurnOn":
      return cover ? plain("open_cover", "open", "closed") : plain("turn_on", "on", "off");
    case "HassTurnOff":
      return cover ? plain("close_cover", "closed", "open") : plain("turn_off", "off", "on");
    case "HassLightSet": {
      if (domain !== "light") return undefined;
      const pct = Number(slots.brightness);
      if (slots.brightness === undefined || !Number.isFinite(pct) || pct <= 0 || pct > 100)
        // A color or a color temperature: the eval's lights show neither; the target still turns on.
        return plain("turn_on", "on", "off");
      return {
        service: "light.turn_on",
        data: { brightness_pct: pct },
        expect: {
          state: "on",
          attribute: { name: "brightness", op: "eq", value: Math.round((pct / 100) * 255) },
        },
        prime: { state: "off", attributes: { brightness: pct === 10 ? 128 : 26 } },
      };
    }
    case "HassSetPosition": {
      const position = Number(slots.position);
      if (!cover || !Number.isFinite(position)) return undefined;
      return {
        service: "cover.set_cover_position",
        data: { position },
        expect: { attribute: { name: "current_position", op: "eq", value: position } },
        prime: {
          state: position === 0 ? "open" : "closed",
          attributes: { current_position: position === 0 ? 100 : 0 },
        },
      };
    }
    case "HassFanSetSpeed": {
      const percentage = Number(slots.percentage);
      if (domain !== "fan" || !Number.isFinite(percentage)) return undefined;
      return {
        service: "fan.set_percentage",
        data: { percentage },
        expect: { attribute: { name: "percentage", op: "eq", value: percentage } },
        prime: { state: "on", attributes: { percentage: percentage === 10 ? 50 : 10 } },
      };
    }
    default:
      return undefined;
  }
}

/**
 * The CI floor per test home: the share of determinate cases done exactly, expecting what the HA under
 * test targets (test/eval/intents.test.ts, eval/intents-ha.ts), a point under what Cyrene did on
 * 2026-12-05 (en 100.0, de 100.0, fr 100.0, zh-CN 98.9). zh-CN's one miss is HA 2026.11's own: it reads
 * "把所有灯关闭" from a living-room satellite as every light in the home, yet "把所有灯打开" and
 * "把所有风扇关闭" as the living room's, as HA's en and de sentences read "all the lights" said in a
 * room; Cyrene reads them all alike, the room's. Expecting the 4cc318b slots instead, German was 78.8:
 * those tests read its cover words (Rollo, Vorhang, Tor, Fenster) as the `cover` domain with no device
 * class, every cover there, where HA 2026.11 reads each as its device class (`cover_classes`), as Cyrene
 * does.
 */
export const INTENT_FLOORS: Record<string, number> = {
  "intents-en": 99,
  "intents-de": 99,
  "intents-fr": 99,
  "intents-zh-CN": 97.9,
};
