import { Router } from "express";
import { z } from "zod";
import { targetOf } from "../../agent/turn-log.js";
import type { Outcome, Thought, ThoughtAction } from "../../store/thought-types.js";
import type { ThoughtStore } from "../../store/thoughts.js";
import { parseBody } from "../../http/body.js";
import type { HomeTime } from "../../time/home-time.js";

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Where a thought's words go, by outcome: the notify targets for `tell`, the satellite for `ask`. */
export interface ThoughtRecipients {
  /** Besides HA's persistent notification (notify services, e.g. notify.mobile_app_pixel). */
  notify: string[];
  /** The voice satellite an `ask` is spoken on (assist_satellite.…), when one is set. */
  satellite?: string;
}

/**
 * The Thinker's timeline: every thought with its trigger, the tools it used, and its outcome — as fields
 * a panel can render as text (`tools` with ok/failed and target, `said`, `to`) beside the raw `actions`.
 */
export function thoughtRoutes(
  thoughts: ThoughtStore,
  time: Pick<HomeTime, "now">,
  recipients: ThoughtRecipients = { notify: [] },
): Router {
  const router = Router();
  router.get("/api/thoughts", (req, res) => {
    const { limit } = parseBody(listQuery, req.query);
    // Skipped triggers are counted, not listed: how many in the last 24 hours, by reason.
    const skipped = thoughts.skipsSince(time.now() - 24 * 3_600_000);
    res.json({
      thoughts: thoughts.recent(limit).map((thought) => snake(thought, recipients)),
      skipped_last_24h: skipped,
    });
  });
  return router;
}

function snake(thought: Thought, recipients: ThoughtRecipients) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const { kind, prompt, topic, notify } = thought.trigger;
  return {
    id: thought.id,
    trigger: thought.trigger,
    /** What started it, without the automation's extra facts. */
    trigger_summary: { kind, prompt, topic: topic ?? null, notify: notify ?? false },
    status: thought.status,
    outcome: thought.outcome,
    text: thought.text,
    /** The words the user was (or will be) given; null when the outcome was "nothing" or it did not finish. */
    said: thought.outcome && thought.outcome !== "nothing" ? thought.text : null,
    /** Who got them: "persistent_notification" and notify services, a satellite, or "next_conversation". */
    to: thought.spokenOn ? [thought.spokenOn] : recipientsOf(thought.outcome, recipients),
    /** The Assist satellite the words were spoken on, or null. */
    spoken_on: thought.spokenOn,
    tools: thought.actions.map(toolLine),
    actions: thought.actions,
    reason: thought.reason,
    conversation_id: thought.conversationId,
    tokens: thought.tokens,
    started_at: iso(thought.startedAt),
    finished_at: iso(thought.finishedAt),
  };
}

function recipientsOf(outcome: Outcome | null, recipients: ThoughtRecipients): string[] {
  if (outcome === "tell") return ["persistent_notification", ...recipients.notify];
  if (outcome === "ask") {
    return recipients.satellite ? [recipients.satellite] : ["persistent_notification", ...recipients.notify];
  }
  if (outcome === "note") return ["next_conversation"];
  return [];
}

/** One tool call of a thought: its name, what it acted on, whether it worked, and the error if not. */
function toolLine(action: ThoughtAction) {
  return {
    name: action.tool,
    target: targetOf(action.tool, action.arguments) ?? null,
    ok: action.success,
    error: action.success ? null : errorOf(action.result),
  };
}

/** The error of a stored result (`{"success":false,"error":"…"}`, cut at 500 characters). */
function errorOf(result: string): string | null {
  try {
    const parsed = JSON.parse(result) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : null;
  } catch {
    return /"error":"((?:[^"\\]|\\.)*)/.exec(result)?.[1]?.replace(/\\"/g, '"') ?? null;
  }
}
