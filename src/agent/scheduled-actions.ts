import type { HomeAssistant, HomeSnapshot } from "../ha/index.js";
import type { Logger } from "../logging/logger.js";
import {
  actionWords,
  type ActionResult,
  type ActionRunner,
  type ScheduledAction,
} from "../reminders/index.js";
import type { ConversationStore } from "../store/conversations.js";
import type { HomeTime } from "../time/home-time.js";
import { SCHEDULED_ACTION_TOOL, scheduledActionPolicy } from "../tools/policy.js";
import type { ToolCallRunner } from "./tool-calls.js";
import type { ScheduledActionWords } from "../words/scheduled-actions.js";
import { buildTurnContext } from "./turn-context.js";

export interface ScheduledActionDeps {
  /** The one tool-call runtime: a scheduled action is an iot_control call like any other. */
  calls: ToolCallRunner;
  ha: HomeAssistant;
  conversations: ConversationStore;
  time: Pick<HomeTime, "now" | "zone">;
  logger: Logger;
}

/**
 * Carries scheduled actions out at their time: the entities stored when the action was set are looked up
 * again (one gone, renamed or no longer exposed fails the whole action, and nothing is called), then
 * iot_control is called with exactly those entity ids through the ToolCallRunner under the unattended
 * `scheduled` policy (a risky action only if the person confirmed it when it was set). The outcome goes
 * to the conversation the action came from.
 */
export function scheduledActionRunner(deps: ScheduledActionDeps): ActionRunner {
  return {
    async run(reminder, action, occurrence): Promise<ActionResult> {
      let home: HomeSnapshot;
      try {
        home = await deps.ha.snapshot();
      } catch (error) {
        return { ok: false, detail: `Home Assistant is unreachable (${(error as Error).message}).` };
      }
      const speakOn = speakerOf(home, action);
      const missing = missingEntities(home, action, actionWords(action, reminder.message));
      if (missing) return { ok: false, detail: missing, speakOn };
      const turn = buildTurnContext(
        { policy: scheduledActionPolicy(action.confirmed ? action : undefined), language: action.language },
        {
          conversationId: reminder.conversationId ?? `scheduled-${reminder.id}`,
          turnId: `scheduled-${reminder.id}-${occurrence.id}`,
          turnNumber: 0,
          source: "scheduled",
        },
        { time: deps.time },
      );
      const args = {
        service: `${action.domain}.${action.service}`,
        ...(action.entityIds.length ? { target: action.entityIds.join(", ") } : {}),
        ...(Object.keys(action.data).length ? { data: action.data } : {}),
      };
      const { result, background } = await deps.calls.execute(
        { id: `scheduled-${occurrence.id}`, name: SCHEDULED_ACTION_TOOL, arguments: JSON.stringify(args) },
        { turn },
      );
      if (background)
        return { ok: false, detail: "Home Assistant has not answered yet; check the device.", speakOn };
      if (!result.success) return { ok: false, detail: result.error, speakOn };
      const data = result.data as { done?: string; note?: string };
      return {
        ok: true,
        detail: [data.done ?? action.description, data.note].filter(Boolean).join(". "),
        speakOn,
      };
    },
    record(reminder, text) {
      if (!reminder.conversationId || !deps.conversations.get(reminder.conversationId)) return;
      try {
        deps.conversations.append(reminder.conversationId, null, [{ role: "assistant", content: text }]);
      } catch (error) {
        deps.logger.warn(
          { err: error, reminderId: reminder.id },
          "could not note the scheduled action's outcome",
        );
      }
    },
  };
}

/** Why the stored entities can't be acted on now (gone, renamed, unexposed), or undefined when they can. */
function missingEntities(
  home: HomeSnapshot,
  action: ScheduledAction,
  words: ScheduledActionWords,
): string | undefined {
  for (const id of action.entityIds) {
    const entity = home.directory.get(id);
    if (!entity) return words.gone(id);
    if (!entity.exposed) return words.unexposed(entity.name, id);
  }
  return undefined;
}

/** The satellite that heard the command, when it can speak now. */
function speakerOf(home: HomeSnapshot, action: ScheduledAction): string | undefined {
  const satellite = action.satellite;
  const state = satellite ? home.states[satellite]?.state : undefined;
  return state !== undefined && state !== "unavailable" ? satellite : undefined;
}
