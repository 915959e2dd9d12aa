/**
 * The eval's homes in the real Home Assistant Core of the tests (scripts/ha/provision.sh's root): one
 * HA started with the `cyrene_eval_home` custom integration (eval/ha/custom_components), which puts a
 * home into HA's real registries (floors, areas with aliases, devices, entities with their aliases,
 * areas and device classes) and makes entities whose states HA's own service handlers change.
 * `load(home)` replaces the home; `reset(case)` puts every entity back to its first state, with the
 * case's target primed, so one HA start serves every case of every home.
 */
import { fileURLToPath } from "node:url";
import { createHomeAssistant, type HomeAssistant, type ServiceCall } from "../src/ha/index.js";
import type { HassEntities } from "../src/ha/types.js";
import { silentLogger } from "../src/logging/logger.js";
import { coreYaml } from "../test/fixtures/ha/core-yaml.js";
import { startHomeAssistant, type HaInstance } from "../test/fixtures/ha/instance.js";
import { tail } from "../test/fixtures/ha/process.js";
import { HaSocket } from "../test/fixtures/ha/ws.js";
import { whenReady } from "../test/ha/support/real-ha.js";
import { fingerprint, recordingCalls, type HomeBackend } from "./backend.js";
import type { EvalCase, EvalHome } from "./dataset.js";

const CUSTOM_COMPONENTS = fileURLToPath(new URL("./ha/custom_components", import.meta.url));

function configurationYaml(port: number): string {
  const core = coreYaml(port, {
    generatedBy: "eval/real-home.ts",
    name: "Cyrene Eval Home",
    timeZone: "UTC",
    latitude: 52.37,
    longitude: 4.89,
    elevation: 0,
    country: "NL",
    currency: "EUR",
    language: "en",
  });
  // config: and the automation include: HA's automation editor API, which home rules are written through.
  return `${core}logger:
  default: warning
config:
automation ui: !include automations.yaml
cyrene_eval_home:
`;
}

/** One sentence as HA's default agent reads it (`async_debug_recognize`). */
export interface HaRecognition {
  intent: { name: string };
  slots: Record<string, unknown>;
  /** Entity id → whether it matches a state asked about (queries only); the entities HA would act on. */
  targets: Record<string, { matched: boolean }>;
  /** False where a slot (a name, an area) matched nothing in the home: HA acts on nothing. */
  match: boolean;
  /** Where `match` is false: the slots' words that matched nothing. */
  unmatched_slots?: Record<string, unknown>;
  sentence_template?: string;
  source?: string;
}

export class RealHa {
  private constructor(private readonly instance: HaInstance) {}

  /** Starts HA from the provisioned root (built by scripts/ha/provision.sh when missing). */
  static async start(): Promise<RealHa> {
    const instance = await startHomeAssistant({
      home: { configurationYaml, customComponents: CUSTOM_COMPONENTS },
    });
    const ha = new RealHa(instance);
    // The integration makes its config entry in the background after HA starts.
    for (let i = 0; ; i++) {
      const entries = await ha.get<{ domain: string; state: string }[]>("/api/config/config_entries/entry");
      if (entries.some((e) => e.domain === "cyrene_eval_home" && e.state === "loaded")) break;
      if (i > 100) throw new Error(`the cyrene_eval_home config entry did not load; see ${instance.logFile}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return ha;
  }

  get endpoint(): { url: string; token: string } {
    return { url: this.instance.url, token: this.instance.token };
  }

  get logFile(): string {
    return this.instance.logFile;
  }

  /** Replaces the home in HA with `home`. */
  async load(home: EvalHome): Promise<void> {
    await this.call("load", { home });
  }

  /** Every entity back to its first state, the case's target primed so that its change is a change. */
  async reset(c?: EvalCase): Promise<void> {
    await this.call("reset", { prime: c?.prime ?? {} });
  }

  /** HA's states, as its REST API reports them. */
  async states(): Promise<HassEntities> {
    const list = await this.get<HassEntities[string][]>("/api/states");
    return Object.fromEntries(list.map((s) => [s.entity_id, s]));
  }

  /**
   * Sets an entity's state in HA's state machine, its attributes kept (REST POST /api/states, as the
   * automations dataset's tests do with hass.states.async_set): what a sensor reporting it would cause.
   */
  async setState(entityId: string, state: string): Promise<void> {
    const current = (await this.states())[entityId];
    const res = await fetch(`${this.instance.url}/api/states/${entityId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.instance.token}`, "content-type": "application/json" },
      body: JSON.stringify({ state, attributes: current?.attributes ?? {} }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`POST /api/states/${entityId} -> ${res.status}: ${await res.text()}`);
  }

  /**
   * What HA's own conversation agent reads from each sentence, without acting: the intent, its slots and
   * the exposed entities it would target (websocket `conversation/agent/homeassistant/debug`, HA's
   * `DefaultAgent.async_debug_recognize`). `deviceId` is the device that heard them: its area is the
   * sentences' context area, as a satellite's is. A sentence HA reads as no intent is null.
   */
  async recognize(
    sentences: string[],
    language: string,
    deviceId?: string,
  ): Promise<(HaRecognition | null)[]> {
    const ws = await HaSocket.connect(this.instance.wsUrl, this.instance.token);
    try {
      const { results } = await ws.call<{ results: (HaRecognition | null)[] }>(
        "conversation/agent/homeassistant/debug",
        { sentences, language, ...(deviceId ? { device_id: deviceId } : {}) },
      );
      return results;
    } finally {
      ws.close();
    }
  }

  /** HA's device id of each device the loaded home names (EvalHome.devices' ids). */
  async deviceIds(): Promise<Map<string, string>> {
    const ws = await HaSocket.connect(this.instance.wsUrl, this.instance.token);
    try {
      const devices = await ws.call<{ id: string; identifiers: [string, string][] }[]>(
        "config/device_registry/list",
      );
      const out = new Map<string, string>();
      for (const d of devices)
        for (const [domain, id] of d.identifiers) if (domain === "cyrene_eval_home") out.set(id, d.id);
      return out;
    } finally {
      ws.close();
    }
  }

  async stop(): Promise<void> {
    await this.instance.stop();
  }

  private async call(service: string, data: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.instance.url}/api/services/cyrene_eval_home/${service}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.instance.token}`, "content-type": "application/json" },
      body: JSON.stringify(data),
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) {
      const log = tail(this.logFile, 400)
        .split("\n")
        .filter((l) => /cyrene_eval_home|Error|Invalid|Traceback|^\s/.test(l))
        .slice(-25)
        .join("\n");
      throw new Error(`cyrene_eval_home.${service} -> ${res.status}: ${await res.text()}\n${log}`);
    }
  }

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.instance.url}${path}`, {
      headers: { authorization: `Bearer ${this.instance.token}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`GET ${path} -> ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/** The eval's default backend: the homes in the real HA, Cyrene connected as standalone (URL + token). */
export class RealHaBackend implements HomeBackend {
  readonly name = "real-ha";
  readonly calls: ServiceCall[] = [];
  private ha?: HomeAssistant;
  private home?: EvalHome;

  private constructor(readonly real: RealHa) {}

  static async start(): Promise<RealHaBackend> {
    return new RealHaBackend(await RealHa.start());
  }

  async open(home: EvalHome) {
    await this.real.load(home);
    this.home = home;
    const { url, token } = this.real.endpoint;
    const client = createHomeAssistant({ ha: { url, token, exposeAll: false } }, silentLogger());
    this.ha = recordingCalls(client, this.calls);
    await whenReady(client);
    return { ha: this.ha, env: { CYRENE_HA_URL: url, CYRENE_HA_TOKEN: token } };
  }

  async reset(c: EvalCase): Promise<void> {
    await this.real.reset(c);
    this.calls.length = 0;
    // Cyrene's client hears the reset as state_changed events: wait until it holds what HA holds.
    const truth = await this.real.states();
    const ids = this.home!.entities.map((e) => e.id);
    const seen = await this.ha!.waitForStates(
      (states) => ids.every((id) => fingerprint(states[id]) === fingerprint(truth[id])),
      10_000,
    );
    if (!seen) {
      const { states } = await this.ha!.snapshot();
      const odd = ids.filter((id) => fingerprint(states[id]) !== fingerprint(truth[id]));
      const show = odd.map((id) => `${fingerprint(states[id])} != ${fingerprint(truth[id])}`);
      throw new Error(`Cyrene's HA client did not see the reset states of ${c.id}: ${show.join("; ")}`);
    }
  }

  states(): Promise<HassEntities> {
    return this.real.states();
  }

  async close(): Promise<void> {
    await this.real.stop();
  }
}
