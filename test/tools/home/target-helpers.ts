import type { EntityDirectory, HassEntities } from "../../../src/ha/index.js";
import { ToolError } from "../../../src/tools/contract.js";
import { resolveTargets } from "../../../src/tools/home/iot/targets.js";

/** iot_control's target step on a home: the entity ids a target means (sorted), or the refusal's text. */
export function targetHelpers(dir: EntityDirectory, states?: HassEntities) {
  const targets = (service: string, target: string): string[] => {
    const [domain, name] = service.split(".") as [string, string];
    return resolveTargets(dir, { domain, service: name, targets: [target], all: false, states })
      .map((e) => e.entityId)
      .sort();
  };
  const refusal = (service: string, target: string): string => {
    try {
      throw new Error(`expected a refusal, got ${targets(service, target).join(", ")}`);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      return error.message;
    }
  };
  return { targets, refusal };
}
