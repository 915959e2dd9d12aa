import { Router } from "express";
import type { VoiceRoom } from "../../http/voice-room.js";
import type { TurnStore } from "../../store/turns.js";
import { toolAvailability, type HealthInfo } from "./health.js";

/** What the web UI's status panel shows: versions, the LLM and HA, the tools, and what recent turns cost. */
export function statusRoutes(info: HealthInfo & { toolNames: () => string[] }, turns: TurnStore): Router {
  const router = Router();
  router.get("/api/status", (_req, res) => {
    const llm = info.llm();
    const ha = info.homeAssistant();
    const recent = turns.recent(20);
    const sum = (
      pick: (usage: { promptTokens: number; completionTokens: number; cachedTokens?: number }) => number,
    ) => recent.reduce((total, turn) => total + (turn.usage ? pick(turn.usage) : 0), 0);
    const prompt = sum((u) => u.promptTokens);
    const cached = sum((u) => u.cachedTokens ?? 0);
    res.json({
      version: info.version,
      model: info.model,
      llm: {
        status: llm.status,
        since: llm.since && new Date(llm.since).toISOString(),
        last_error: llm.lastError,
      },
      home_assistant: {
        status: ha.state,
        ...(ha.state === "unavailable" ? { reason: ha.reason } : {}),
        ...(ha.state === "ready" ? { version: ha.version } : {}),
      },
      tools: toolAvailability(info, info.toolNames()),
      voice: { last_turn: voiceTurn(info.voiceRoom?.()) },
      recent_turns: {
        count: recent.length,
        prompt_tokens: prompt,
        completion_tokens: sum((u) => u.completionTokens),
        cached_tokens: cached,
        cache_hit_rate: prompt ? Math.round((cached / prompt) * 1000) / 1000 : null,
        turns: recent.map((turn) => ({
          id: turn.id,
          conversation_id: turn.conversationId,
          status: turn.status,
          rounds: turn.rounds,
          tool_calls: turn.toolCalls,
          prompt_tokens: turn.usage?.promptTokens ?? null,
          completion_tokens: turn.usage?.completionTokens ?? null,
          cached_tokens: turn.usage?.cachedTokens ?? null,
          started_at: new Date(turn.startedAt).toISOString(),
          duration_ms: turn.finishedAt === null ? null : turn.finishedAt - turn.startedAt,
        })),
      },
    });
  });
  return router;
}

/** The room HA told on the last voice turn: `told` false when its system text carried no room line at all. */
function voiceTurn(room: VoiceRoom | undefined) {
  if (!room) return null;
  return {
    at: new Date(room.at).toISOString(),
    told: room.via !== undefined,
    via: room.via ?? null,
    area: room.area ?? null,
    device_id: room.deviceId ?? null,
  };
}
