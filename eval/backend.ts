import type { HomeAssistant, ServiceCall } from "../src/ha/index.js";
import type { HassEntities } from "../src/ha/types.js";
import type { EvalCase, EvalHome } from "./dataset.js";

/** Where the eval's homes live: the real Home Assistant (eval/real-home.ts) or the simulator (--sim). */
export interface HomeBackend {
  readonly name: "real-ha" | "sim";
  /** Puts `home` in place; answers the HomeAssistant a fresh Cyrene talks to, and its env. */
  open(home: EvalHome): Promise<{ ha: HomeAssistant; env: Record<string, string> }>;
  /** Every entity back to its first state, the case's target primed; `calls` emptied. */
  reset(c: EvalCase): Promise<void>;
  /** The states now, as Home Assistant reports them. */
  states(): Promise<HassEntities>;
  /** The service calls Cyrene made since the last reset. */
  readonly calls: ServiceCall[];
  close(): Promise<void>;
}

/** `ha` with every callService recorded in `calls` (a call on a device the case did not mean counts). */
export function recordingCalls(ha: HomeAssistant, calls: ServiceCall[]): HomeAssistant {
  return new Proxy(ha, {
    get(target, prop) {
      if (prop === "callService")
        return (call: ServiceCall) => {
          calls.push(call);
          return target.callService(call);
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A state as the eval compares it: its value and attributes (in any order), not its timestamps. */
export function fingerprint(s: { state: string; attributes: Record<string, unknown> } | undefined): string {
  if (!s) return "";
  const sorted = Object.fromEntries(Object.entries(s.attributes).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([s.state, sorted]);
}
