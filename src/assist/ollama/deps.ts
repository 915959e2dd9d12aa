import type { RequestHandler, Router } from "express";
import type { Assistant } from "../../agent/assistant.js";
import type { LastVoiceRoom } from "../../http/voice-room.js";
import type { Logger } from "../../logging/logger.js";
import type { HomeTime } from "../../time/home-time.js";
import type { ToolPolicy } from "../../tools/policy.js";

/** What the Ollama-compatible API is built with (listeners.ts hands it over). */
export interface OllamaAppDeps {
  assistant: Assistant;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long. */
  deadlineMs: number;
  /** A slow voice turn says what it is doing (default on). */
  spokenProgress?: boolean;
  /** Who may use this port (see http/source-access.ts). */
  access: RequestHandler;
  /** The OpenAI-compatible routes, served on this port too. */
  openAi: Router;
  /** /healthz and /readyz. */
  health: Router;
  /**
   * The names of Cyrene's own tools: an HA tool of the same name (HA names script tools after the
   * script) is left out of the turn rather than shadowing Cyrene's.
   */
  toolNames?: () => string[];
  /** Where the room HA told on each voice turn is kept, for Status. */
  voiceRoom?: LastVoiceRoom;
  /** Cyrene's tools over MCP (/mcp), for HA's `mcp` integration and other MCP clients. */
  mcp?: Router;
  /** The home's time, the instant the answers are stamped with. */
  time: Pick<HomeTime, "now">;
}
