import type { ChatMessage } from "../llm/messages.js";
import type { ConversationStore } from "../store/conversations.js";
import { seenHashes, type SeenMessage } from "../store/transcript.js";

/**
 * Which stored conversation a client's request continues, for clients that send the whole history
 * and (maybe) no id: an explicit id wins; otherwise the history must continue exactly one conversation
 * of this caller and source. Anything else opens a new conversation seeded with the history.
 */
export interface HistoryContext {
  source: string;
  /** The client's user field: it narrows the match to that user's conversations. */
  caller: string;
  /** The user and assistant texts before the newest user message, as the client sent them. */
  prior: SeenMessage[];
}

export type Resolved =
  | { conversationId: string; seen: string[]; priorMessages?: undefined }
  | { conversationId?: undefined; seen: string[]; priorMessages: ChatMessage[] };

export function resolveConversation(conversations: ConversationStore, context: HistoryContext): Resolved {
  const history = seenHashes(context.prior);
  const match = conversations.matchHistory(context.source, context.caller, history);
  if (match && "conversationId" in match) {
    return { conversationId: match.conversationId, seen: conversations.seen(match.conversationId) };
  }
  const priorMessages = context.prior.map(
    (m) => ({ role: m.role === "assistant" ? "assistant" : "user", content: m.content }) as ChatMessage,
  );
  return { seen: history, priorMessages };
}
