import type { Exposure, HassEntities, HassEntity, Registries } from "./types.js";
import { isExposed } from "./exposure.js";

export type { AreaInfo, AreaTerm } from "./area-terms.js";
import { areasOf, areaTermsOf, markNamedElsewhere, type AreaInfo, type AreaTerm } from "./area-terms.js";
import { grams, normalize } from "./text.js";

export interface EntityInfo {
  entityId: string;
  domain: string;
  /** The name people see in HA: the registry name, else the friendly name, else the object id. */
  name: string;
  areaId?: string;
  deviceId?: string;
  deviceClass?: string;
  exposed: boolean;
  /** Hidden, or a config/diagnostic entity: found by name, left out of "all lights in the kitchen". */
  secondary: boolean;
}

/** A device of HA's device registry: its name and its area (the satellite that heard a voice command). */
export interface DeviceInfo {
  id: string;
  name?: string;
  areaId?: string;
}

/** One name of one entity, as indexed. */
export interface IndexedName {
  entity: number;
  compact: string;
  gramCount: number;
  /** < 1 for names people use less (the object id, the device's name). */
  weight: number;
  /** The name's `literal` form (see text.ts), where it differs from `compact`. */
  literal?: string;
  /**
   * A name the entity was renamed away from (its integration's original name): HA's intents match the
   * current name and aliases only, so this one counts only when no current name matches (resolve.ts).
   */
  former?: true;
}

/** The weight that marks a former name (see IndexedName.former). */
const FORMER = -1;

/**
 * An immutable, indexed picture of which entities exist and what they are called, built from the
 * registries and the state machine. Rebuilt only when names, areas or exposure change; states are
 * read live elsewhere.
 */
export class EntityDirectory {
  readonly entities: EntityInfo[] = [];
  readonly byId = new Map<string, number>();
  readonly areas = new Map<string, AreaInfo>();
  readonly devices = new Map<string, DeviceInfo>();
  readonly names: IndexedName[] = [];
  readonly postings = new Map<string, number[]>();
  /** Area names, aliases, floor names and words for the kinds of place among them, longest first. */
  readonly areaTerms: AreaTerm[] = [];
  /** Every word (normalised token) of every name, area, alias and floor: what this home can be told by. */
  readonly words = new Set<string>();

  constructor(registries: Registries, states: HassEntities, exposure: Exposure) {
    for (const area of areasOf(registries)) this.areas.set(area.id, area);
    this.areaTerms.push(...areaTermsOf(registries, this.words));
    const devices = new Map(registries.devices.map((d) => [d.id, d]));
    for (const d of registries.devices)
      this.devices.set(d.id, {
        id: d.id,
        name: d.name_by_user ?? d.name ?? undefined,
        areaId: d.area_id ?? undefined,
      });
    const entries = new Map(registries.entities.map((e) => [e.entity_id, e]));
    for (const state of Object.values(states)) {
      const entry = entries.get(state.entity_id);
      const device = entry?.device_id ? devices.get(entry.device_id) : undefined;
      const domain = state.entity_id.slice(0, state.entity_id.indexOf("."));
      const objectName = state.entity_id.slice(domain.length + 1).replace(/_/g, " ");
      const friendly = str(state.attributes.friendly_name);
      const deviceName = device ? (device.name_by_user ?? device.name ?? undefined) : undefined;
      const areaId = entry?.area_id ?? device?.area_id ?? undefined;
      const info: EntityInfo = {
        entityId: state.entity_id,
        domain,
        name: entry?.name ?? friendly ?? entry?.original_name ?? objectName,
        areaId: areaId && this.areas.has(areaId) ? areaId : undefined,
        deviceId: entry?.device_id ?? undefined,
        deviceClass: deviceClassOf(state, entry?.device_class ?? entry?.original_device_class ?? undefined),
        exposed: false,
        secondary: Boolean(entry?.hidden_by || entry?.entity_category || state.attributes.hidden),
      };
      info.exposed = isExposed(info, exposure, entry?.options);
      const index = this.entities.push(info) - 1;
      this.byId.set(info.entityId, index);
      // Renamed: the original name is another entity's name now, perhaps ("阳台灯" moved to a switch).
      const renamed = Boolean(entry?.name && entry.original_name && entry.name !== entry.original_name);
      const names: [string | undefined | null, number][] = [
        [info.name, 1],
        [friendly, 1],
        [entry?.original_name, renamed ? FORMER : 0.95],
        ...(entry?.aliases ?? []).map((a): [string | null, number] => [a, 1]),
        [objectName, 0.9],
        [deviceName, 0.85],
      ];
      this.indexNames(index, names);
    }
    markNamedElsewhere(this.areaTerms, this.names, this.entities);
  }

  private scratchSpace: { counts: Uint16Array; touched: Int32Array } | undefined;

  /** Reusable per-name counters for scoring (resolution is synchronous, so one set suffices). */
  scratch(): { counts: Uint16Array; touched: Int32Array } {
    this.scratchSpace ??= {
      counts: new Uint16Array(this.names.length),
      touched: new Int32Array(this.names.length),
    };
    return this.scratchSpace;
  }

  private sortedNames: Map<string, { starts: string[]; ends: string[] }> | undefined;

  /** True when a name of an entity in `domains` (any, without) begins with `prefix` (compact form). */
  startsAName(prefix: string, domains?: string[]): boolean {
    return this.nameLists(domains).some((l) => hasPrefix(l.starts, prefix));
  }

  /** True when a name of an entity in `domains` ends with `suffix` (compact form). */
  endsAName(suffix: string, domains?: string[]): boolean {
    const reversed = [...suffix].reverse().join("");
    return this.nameLists(domains).some((l) => hasPrefix(l.ends, reversed));
  }

  /** True when `compact` is exactly a name of an entity in `domains`. */
  isAName(compact: string, domains?: string[]): boolean {
    return this.nameLists(domains).some((l) => hasPrefix(l.starts, compact) && l.starts.includes(compact));
  }

  /** True when a name of an entity in `domains` holds `word` (compact form) anywhere. */
  nameContains(word: string, domains?: string[]): boolean {
    return this.nameLists(domains).some((l) => l.starts.some((name) => name.includes(word)));
  }

  private nameLists(domains: string[] | undefined): { starts: string[]; ends: string[] }[] {
    if (!this.sortedNames) {
      const byDomain = new Map<string, { starts: string[]; ends: string[] }>();
      for (const name of this.names) {
        const domain = this.entities[name.entity]!.domain;
        const lists = byDomain.get(domain) ?? { starts: [], ends: [] };
        lists.starts.push(name.compact);
        lists.ends.push([...name.compact].reverse().join(""));
        byDomain.set(domain, lists);
      }
      for (const lists of byDomain.values()) [lists.starts, lists.ends].forEach((l) => l.sort());
      this.sortedNames = byDomain;
    }
    const all = this.sortedNames;
    return domains?.length ? domains.flatMap((d) => all.get(d) ?? []) : [...all.values()];
  }

  get(entityId: string): EntityInfo | undefined {
    const index = this.byId.get(entityId);
    return index === undefined ? undefined : this.entities[index];
  }

  areaName(entity: EntityInfo): string | undefined {
    return entity.areaId ? this.areas.get(entity.areaId)?.name : undefined;
  }

  private indexNames(entity: number, names: [string | undefined | null, number][]): void {
    // By literal form: "客厅的灯" and "客厅灯" share grams but only one of them is said exactly.
    const seen = new Map<string, { compact: string; weight: number }>();
    for (const [raw, weight] of names) {
      if (!raw) continue;
      const { compact, literal, tokens } = normalize(raw);
      for (const token of tokens) this.words.add(token);
      const had = seen.get(literal)?.weight;
      // A current name said the same way as the former one keeps it a current name.
      if (
        compact &&
        (had === undefined || (had !== FORMER && had < weight) || (had === FORMER && weight > 0))
      )
        seen.set(literal, { compact, weight });
    }
    for (const [literal, { compact, weight }] of seen) {
      const nameGrams = grams(compact);
      const name: IndexedName = {
        entity,
        compact,
        gramCount: nameGrams.length,
        weight: weight === FORMER ? 0.95 : weight,
        literal: literal === compact ? undefined : literal,
        ...(weight === FORMER ? { former: true as const } : {}),
      };
      const index = this.names.push(name) - 1;
      for (const gram of nameGrams) {
        const list = this.postings.get(gram);
        if (list) list.push(index);
        else this.postings.set(gram, [index]);
      }
    }
  }
}

/** Whether a sorted list holds a string starting with `prefix`. */
function hasPrefix(sorted: string[], prefix: string): boolean {
  if (!prefix) return false;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]!.startsWith(prefix);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

function deviceClassOf(state: HassEntity, registryClass: string | undefined): string | undefined {
  const fromState = str(state.attributes.device_class) ?? registryClass;
  if (fromState) return fromState;
  const unit = str(state.attributes.unit_of_measurement);
  if (state.entity_id.startsWith("sensor.") && unit && /^°[CF]$/.test(unit)) return "temperature";
  return undefined;
}
