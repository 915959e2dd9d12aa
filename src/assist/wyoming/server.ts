import { createServer, type Server } from "node:net";
import type { Assistant } from "../../agent/assistant.js";
import type { Logger } from "../../logging/logger.js";
import type { AccessRules } from "../../server/access.js";
import type { ConversationStore } from "../../store/conversations.js";
import type { ToolPolicy } from "../../tools/policy.js";

export interface WyomingDeps {
  assistant: Assistant;
  conversations: ConversationStore;
  policy: ToolPolicy;
  logger: Logger;
  /** A voice turn answers within this long (HA waits without a timeout of its own). */
  deadlineMs: number;
  rules: AccessRules;
  /** Language tags the handle model offers to HA's pipelines. */
  languages: string[];
  version: string;
}

/** The Wyoming `handle` server HA's Wyoming integration uses as a conversation agent. */
export function createWyomingServer(deps: WyomingDeps): Server {
  void deps;
  return createServer((socket) => socket.destroy());
}
