import { Router } from "express";
import type { HaStatus } from "../../ha/index.js";
import type { LlmHealthState } from "../../llm/health.js";
import type { McpServerStatus } from "../../mcp-client/index.js";
import type { NotConfiguredTool } from "../../tools/registry.js";
import type { VoiceRoom } from "../../http/voice-room.js";

export interface HealthInfo {
  version: string;
  model: string;
  tools: () => number;
  disabledTools?: () => string[];
  /** Tools left out because their service is not set up, with the setting that enables each. */
  notConfiguredTools?: () => NotConfiguredTool[];
  /** The MCP servers Cyrene uses as a client: connected or not, their tools, the last error. */
  mcpServers?: () => McpServerStatus[];
  /** Vector search (embeddings): optional; without it the knowledge base and memory use full text. */
  vectorSearch?: { configured: boolean; setting: string };
  homeAssistant: () => HaStatus;
  llm: () => LlmHealthState;
  /** What HA told of the speaker's room on the last voice turn (Ollama integration). */
  voiceRoom?: () => VoiceRoom | undefined;
}

/**
 * `/healthz` is liveness: the process answers (the add-on watchdog and load balancers poll it).
 * `/readyz` says whether Cyrene can do its work now: the LLM answering, Home Assistant connected
 * (when configured), with the last error and since when; 503 while either is failing.
 */
export function healthRoutes(info: HealthInfo): Router {
  const router = Router();
  const started = performance.now();
  const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

  router.get("/healthz", (_req, res) => {
    res.json({
      status: "ok",
      version: info.version,
      model: info.model,
      tools: info.tools(),
      home_assistant: info.homeAssistant().state,
      uptime_s: Math.round((performance.now() - started) / 1000),
    });
  });

  router.get("/readyz", (_req, res) => {
    const llm = info.llm();
    const ha = info.homeAssistant();
    const llmReady = llm.status !== "failing";
    const haReady = ha.state === "ready" || ha.state === "not_configured";
    res.status(llmReady && haReady ? 200 : 503).json({
      status: llmReady && haReady ? "ready" : "degraded",
      version: info.version,
      llm: {
        status: llm.status,
        model: info.model,
        since: iso(llm.since),
        last_error: llm.lastError,
        last_success_at: iso(llm.lastSuccessAt),
      },
      home_assistant: {
        status: ha.state,
        since: "since" in ha ? iso(ha.since) : undefined,
        ...(ha.state === "unavailable" ? { last_error: ha.reason } : {}),
        ...(ha.state === "ready" ? { version: ha.version } : {}),
      },
      tools: toolAvailability(info, info.tools()),
    });
  });
  return router;
}

/** The tools part of /readyz and /api/status: offered, switched off, and not configured (and why). */
export function toolAvailability<T>(info: HealthInfo, offered: T) {
  return {
    offered,
    disabled: info.disabledTools?.() ?? [],
    not_configured: info.notConfiguredTools?.() ?? [],
    mcp_servers: info.mcpServers?.() ?? [],
    vector_search: info.vectorSearch
      ? {
          status: info.vectorSearch.configured ? "configured" : "not_configured",
          ...(info.vectorSearch.configured ? {} : { setting: info.vectorSearch.setting }),
        }
      : undefined,
  };
}
