import { DateTime } from "luxon";
import { z } from "zod";
import { resolveRange, type MemoryHit, type MemorySearch } from "../../knowledge/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";

export interface MemorySearchOptions {
  memory: MemorySearch;
  time: Pick<HomeTime, "now" | "zone">;
}

const DESCRIPTION =
  "Recall past conversations, remembered facts and your background thoughts (回忆/上次说过/之前聊过/你在想什么) " +
  "by words and/or time (from/to: 上周, 2026-03-01). No query: the newest.";

/**
 * Searches what was said in earlier conversations of the turn's requester (a person's own chats, or the
 * household's voice conversations: its owner key, also for one who may open any conversation), the
 * remembered facts and the Thinker's thoughts.
 */
export function memorySearchTool(options: MemorySearchOptions): Tool {
  const parameters = z.object({
    query: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    kind: z.enum(["said", "fact", "thought"]).optional(),
    limit: z.number().int().min(1).max(20).optional(),
  });

  return defineTool({
    name: "memory_search",
    description: DESCRIPTION,
    parameters,
    untrustedOutput: true,
    async execute(args, ctx) {
      const zone = options.time.zone();
      const now = DateTime.fromMillis(options.time.now(), { zone });
      const range = await resolveRange(args.from, args.to, zone, now, ctx.turn.language);
      const hits = options.memory.search({
        query: args.query,
        range,
        kind: args.kind,
        limit: args.limit,
        excludeTurnId: ctx.turn.turnId,
        // Asked from no conversation, it cannot tell whose words it may show: nothing said.
        owner: ctx.turn.conversationId ? ctx.turn.requester.owner : undefined,
      });
      const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd HH:mm");
      return {
        ...(range ? { range: `${range.from > 0 ? day(range.from) : "…"} – ${day(range.to)}` } : {}),
        results: hits.map((hit) => present(hit, day)),
        ...(hits.length ? {} : { note: "Nothing found; try other words or a wider time range." }),
      };
    },
  });
}

function present(hit: MemoryHit, day: (ms: number) => string) {
  const when = day(hit.at);
  switch (hit.kind) {
    case "said":
      return {
        kind: hit.kind,
        when,
        conversation_id: hit.conversationId,
        user: hit.user,
        assistant: hit.assistant,
      };
    case "fact":
      return { kind: hit.kind, when, id: hit.id, text: hit.text };
    case "thought":
      return { kind: hit.kind, when, about: hit.about, outcome: hit.outcome, text: hit.text };
  }
}
