import type { KindLabel } from "../words/home.js";
import { everyPack } from "../words/packs.js";
import { normalize } from "./text.js";

/** One way a kind of device can be said; `factor` < 1 ranks a looser reading below a closer one. */
export interface KindMatch {
  domain: string;
  /** Device classes that fit; an entity without a device class fits at `classlessFactor`. */
  classes?: string[];
  classlessFactor?: number;
  factor?: number;
}

export interface Kind {
  /** Short label for messages: "light", "temperature sensor". */
  label: KindLabel;
  words: string[];
  matches: KindMatch[];
}

const cover = (classes: string[]): KindMatch => ({ domain: "cover", classes, classlessFactor: 0.75 });
const kind = (label: KindLabel, matches: KindMatch[]): Kind => ({
  label,
  words: everyPack((pack) => pack.home.kinds[label]),
  matches,
});

/** The kinds of device and the domains and classes that fit them; their words are every pack's (src/words). */
export const KINDS: Kind[] = [
  kind("light", [{ domain: "light" }]),
  kind("switch", [{ domain: "switch" }, { domain: "input_boolean", factor: 0.8 }]),
  kind("plug", [{ domain: "switch", classes: ["outlet"], classlessFactor: 0.7 }]),
  kind("lock", [{ domain: "lock" }]),
  kind("climate", [{ domain: "climate" }]),
  kind("curtain", [cover(["curtain"])]),
  // HA's cover_classes read each word as one class (home_assistant_intents 2026.10.27, HA 2026.11): "die
  // Rollos" are blinds, not the shutter beside them. Blinds and shades are one thing in many homes (and
  // French "store" is either): where none of the class said is there, the other is a looser reading.
  kind("blind", [cover(["blind"]), { domain: "cover", classes: ["shade"], factor: 0.5 }]),
  kind("shade", [cover(["shade"]), { domain: "cover", classes: ["blind"], factor: 0.5 }]),
  kind("shutter", [cover(["shutter"])]),
  kind("awning", [cover(["awning"])]),
  kind("garage door", [cover(["garage"])]),
  kind("gate", [cover(["gate"])]),
  kind("cover", [{ domain: "cover" }]),
  kind("window", [cover(["window"]), { domain: "binary_sensor", classes: ["window"], factor: 0.9 }]),
  kind("door", [
    { domain: "binary_sensor", classes: ["door", "opening", "garage_door"] },
    { domain: "cover", classes: ["door", "garage"], factor: 0.9 },
    { domain: "lock", factor: 0.7 },
  ]),
  kind("fan", [{ domain: "fan" }]),
  kind("temperature", [
    { domain: "sensor", classes: ["temperature"] },
    { domain: "climate", factor: 0.7 },
    { domain: "weather", factor: 0.6 },
  ]),
  kind("humidity", [
    { domain: "sensor", classes: ["humidity"] },
    { domain: "weather", factor: 0.6 },
  ]),
  kind("battery", [{ domain: "sensor", classes: ["battery"] }]),
  kind("power", [{ domain: "sensor", classes: ["power"] }]),
  kind("energy", [{ domain: "sensor", classes: ["energy"] }]),
  kind("air quality", [
    { domain: "sensor", classes: ["aqi", "pm25", "pm10", "carbon_dioxide", "volatile_organic_compounds"] },
  ]),
  kind("illuminance", [{ domain: "sensor", classes: ["illuminance"] }]),
  kind("motion sensor", [{ domain: "binary_sensor", classes: ["motion", "occupancy", "presence"] }]),
  kind("leak sensor", [{ domain: "binary_sensor", classes: ["moisture"] }]),
  kind("smoke sensor", [{ domain: "binary_sensor", classes: ["smoke", "gas", "carbon_monoxide"] }]),
  kind("sensor", [{ domain: "sensor" }, { domain: "binary_sensor" }]),
  kind("vacuum", [{ domain: "vacuum" }]),
  kind("media player", [{ domain: "media_player" }]),
  kind("tv", [{ domain: "media_player", classes: ["tv"], classlessFactor: 0.6 }]),
  kind("speaker", [{ domain: "media_player", classes: ["speaker", "receiver"], classlessFactor: 0.8 }]),
  // Music plays on speakers first, on a TV only if nothing else does.
  kind("music", [
    { domain: "media_player", classes: ["speaker", "receiver"], classlessFactor: 0.9 },
    { domain: "media_player", factor: 0.5 },
  ]),
  kind("scene", [{ domain: "scene" }]),
  kind("script", [{ domain: "script" }]),
  kind("automation", [{ domain: "automation" }]),
  kind("alarm", [{ domain: "alarm_control_panel" }]),
  kind("humidifier", [{ domain: "humidifier" }]),
  kind("water heater", [{ domain: "water_heater" }]),
  kind("camera", [{ domain: "camera" }]),
  kind("valve", [{ domain: "valve" }]),
  kind("todo", [{ domain: "todo" }]),
  kind("siren", [{ domain: "siren" }]),
  kind("button", [{ domain: "button" }, { domain: "input_button" }]),
  kind("weather", [{ domain: "weather" }]),
  kind("person", [{ domain: "person" }]),
];

export interface KindWord {
  /** The word in normalised compact form. */
  word: string;
  kind: Kind;
}

/** Every kind word, normalised, longest first so "garage door" is taken before "door". */
export const KIND_WORDS: KindWord[] = KINDS.flatMap((kind) =>
  [...new Set(kind.words.map((w) => normalize(w).compact))].map((word) => ({ word, kind })),
).sort((a, b) => b.word.length - a.word.length);

/** How well an entity of `domain`/`deviceClass` fits a kind: 0 (not at all) to 1. */
export function kindFit(
  kind: Kind,
  domain: string,
  deviceClass: string | undefined,
  /** The best fit of the domain, whatever the device class. */
  anyClass = false,
): number {
  let best = 0;
  for (const match of kind.matches) {
    if (match.domain !== domain) continue;
    let fit = match.factor ?? 1;
    if (match.classes && !anyClass) {
      if (deviceClass === undefined) fit *= match.classlessFactor ?? 0;
      else if (!match.classes.includes(deviceClass)) fit = 0;
    }
    best = Math.max(best, fit);
  }
  return best;
}

/**
 * Words that carry no meaning for finding a device, and the words for "all". Removed only from what is
 * left after areas and kinds.
 */
export const FILLERS = new Set(
  everyPack((pack) => [...pack.home.fillers, ...pack.home.all]).map((w) => normalize(w).compact),
);

/** What follows a place to say "in" it (every pack's), longest first. */
export const PLACE_SUFFIXES: readonly string[] = everyPack((pack) => pack.home.placeSuffixes).sort(
  (a, b) => b.length - a.length,
);

/** Particles dropped from a residual written without spaces (every pack's). */
export const RESIDUAL_PARTICLES: readonly string[] = everyPack((pack) => pack.home.residualParticles);

/** The words for "all" of every pack, compact. */
export const ALL_WORDS: ReadonlySet<string> = new Set(
  everyPack((pack) => pack.home.all).map((w) => normalize(w).compact),
);
