import { Router } from "express";
import { z } from "zod";
import type { ThoughtStore } from "../../thinker/store.js";
import type { Thought } from "../../thinker/types.js";
import { parseBody } from "../errors.js";

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The Thinker's timeline: every thought with its trigger, the tools it used, and its outcome. */
export function thoughtRoutes(thoughts: ThoughtStore): Router {
  const router = Router();
  router.get("/api/thoughts", (req, res) => {
    const { limit } = parseBody(listQuery, req.query);
    // Skipped triggers are counted, not listed: how many in the last 24 hours, by reason.
    const skipped = thoughts.skipsSince(Date.now() - 24 * 3_600_000);
    res.json({ thoughts: thoughts.recent(limit).map(snake), skipped_last_24h: skipped });
  });
  return router;
}

function snake(thought: Thought) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: thought.id,
    trigger: thought.trigger,
    status: thought.status,
    outcome: thought.outcome,
    text: thought.text,
    actions: thought.actions,
    reason: thought.reason,
    conversation_id: thought.conversationId,
    tokens: thought.tokens,
    started_at: iso(thought.startedAt),
    finished_at: iso(thought.finishedAt),
  };
}
