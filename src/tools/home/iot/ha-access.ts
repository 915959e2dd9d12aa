import {
  HaCommandError,
  HaNotConfiguredError,
  HaServiceTimeoutError,
  HaUnavailableError,
  type HomeAssistant,
  type EntityInfo,
  type HomeSnapshot,
} from "../../../ha/index.js";
import { ToolError } from "../../contract.js";
import { NotExposedError, notExposed } from "./target-errors.js";

/** The current home, or a ToolError the LLM can relay ("Home Assistant is unavailable (…)"). */
export async function homeSnapshot(ha: HomeAssistant): Promise<HomeSnapshot> {
  try {
    return await ha.snapshot();
  } catch (error) {
    throw asToolError(error);
  }
}

/**
 * Runs `work` on the current home. When it finds a target not exposed to Assist, the exposure settings
 * are re-read once and `work` runs again: the user may just have exposed it (entities outside the
 * entity registry change exposure without any event).
 */
export async function withFreshExposure<T>(ha: HomeAssistant, work: (home: HomeSnapshot) => T): Promise<T> {
  const home = await homeSnapshot(ha);
  try {
    return work(home);
  } catch (error) {
    if (!(error instanceof NotExposedError)) throw error;
    await ha.refreshExposure().catch(() => undefined);
    return work(await homeSnapshot(ha));
  }
}

/**
 * Right before a service call: refuses a target HA no longer exposes to Assist. The cached settings
 * trail a change by a moment (HA's registry event, then a re-read), and for entities outside the
 * entity registry HA sends no event at all; so HA is asked at this moment (one small command).
 */
export async function ensureExposedNow(ha: HomeAssistant, entities: EntityInfo[]): Promise<void> {
  if (entities.length === 0) return;
  let now: Map<string, boolean>;
  try {
    now = await ha.exposureNow(entities.map((e) => e.entityId));
  } catch (error) {
    throw asToolError(error);
  }
  const refused = entities.find((e) => !(now.get(e.entityId) ?? e.exposed));
  if (refused) throw notExposed(refused);
}

/** Expected HA failures become ToolErrors with HA's own message; anything else stays a bug. */
export function asToolError(error: unknown): unknown {
  if (error instanceof HaUnavailableError || error instanceof HaNotConfiguredError)
    return new ToolError(error.message);
  if (error instanceof HaServiceTimeoutError)
    return new ToolError(
      `${error.message} Check the state with iot_query before trying again; do not repeat the call blindly. ` +
        "请先用 iot_query 查看状态，不要直接重试。",
    );
  if (error instanceof HaCommandError)
    return new ToolError(`Home Assistant refused: ${error.message} (${error.code})`);
  return error;
}
