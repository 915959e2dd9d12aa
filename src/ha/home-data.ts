import type { HassConfig } from "home-assistant-js-websocket";
import { EntityDirectory } from "./directory.js";
import * as fetch from "./fetch.js";
import type { Command } from "./fetch.js";
import type { Exposure, HassEntities, HassServices, Registries } from "./types.js";

/** The parts of HA's data that are re-read on their own change events. */
export type Part = "areas" | "devices" | "entities" | "exposure" | "services" | "config";

/**
 * Everything about the home except the states: registries, Assist exposure, services and core config.
 * Loaded whole after each (re)connect, refreshed part by part on change events; the entity directory
 * built from it is cached until it or the entity names change.
 */
export class HomeData {
  config: HassConfig | undefined;
  services: HassServices = {};
  private registries: Registries | undefined;
  private exposure: Exposure = { kind: "defaults" };
  private version = 0;
  private built: { directory: EntityDirectory; key: string } | undefined;

  constructor(
    private readonly exposeAll: boolean,
    /** Called when the exposure list can't be read (a non-admin token); HA's defaults apply then. */
    private readonly onExposureError: (error: unknown) => void,
  ) {}

  get loaded(): boolean {
    return this.registries !== undefined;
  }

  get exposureKind(): Exposure["kind"] {
    return this.exposure.kind;
  }

  /** Takes an exposure list read elsewhere (see HomeAssistant.exposureNow). */
  applyExposure(exposure: Exposure): void {
    if (sameExposure(exposure, this.exposure)) return;
    this.exposure = exposure;
    this.version++;
  }

  /** Reads everything; applies nothing unless `stillWanted()` holds when the answers are in. */
  async load(command: Command, stillWanted: () => boolean): Promise<HassConfig | undefined> {
    const [config, services, areas, floors, devices, entities] = await Promise.all([
      fetch.fetchConfig(command),
      fetch.fetchServices(command),
      fetch.fetchAreas(command),
      fetch.fetchFloors(command),
      fetch.fetchDevices(command),
      fetch.fetchEntityEntries(command),
    ]);
    const exposure = await this.readExposure(command);
    if (!stillWanted()) return undefined;
    Object.assign(this, { config, services, exposure, registries: { areas, floors, devices, entities } });
    this.version++;
    return config;
  }

  async refresh(part: Part, command: Command): Promise<void> {
    const registries = () => this.registries!;
    // Each part is merged into the registries as they are once it has arrived, not as they were when it
    // was asked for: two parts read at once (an entry set up changes devices and entities) both stay.
    if (part === "areas") {
      const [areas, floors] = await Promise.all([fetch.fetchAreas(command), fetch.fetchFloors(command)]);
      this.registries = { ...registries(), areas, floors };
    } else if (part === "devices") {
      const devices = await fetch.fetchDevices(command);
      this.registries = { ...registries(), devices };
    } else if (part === "entities") {
      const entities = await fetch.fetchEntityEntries(command);
      this.registries = { ...registries(), entities };
      this.exposure = await this.readExposure(command);
    } else if (part === "exposure") {
      return this.applyExposure(await this.readExposure(command));
    } else if (part === "services") {
      this.services = await fetch.fetchServices(command);
    } else {
      this.config = await fetch.fetchConfig(command);
    }
    this.version++;
  }

  /** The directory for these states; rebuilt only when the data or `namesVersion` changed. */
  directory(states: HassEntities, namesVersion: number): EntityDirectory {
    const key = `${this.version}:${namesVersion}`;
    if (this.built?.key !== key) {
      this.built = { key, directory: new EntityDirectory(this.registries!, states, this.exposure) };
    }
    return this.built.directory;
  }

  private async readExposure(command: Command): Promise<Exposure> {
    try {
      return await fetch.fetchExposure(command, this.exposeAll);
    } catch (error) {
      this.onExposureError(error);
      return { kind: "defaults" };
    }
  }
}

function sameExposure(a: Exposure, b: Exposure): boolean {
  if (a.kind !== "list" || b.kind !== "list") return a.kind === b.kind;
  return a.exposed.size === b.exposed.size && [...a.exposed].every((id) => b.exposed.has(id));
}
