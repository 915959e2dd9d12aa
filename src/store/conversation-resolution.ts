import type { ChatMessage } from "../llm/messages.js";
import type { Requester } from "./conversation-access.js";
import type { ConversationStore } from "./conversations.js";
import { seenHashes, type SeenMessage } from "./transcript.js";

/** What a request says of the conversation it continues. */
export interface ConversationRequest {
  source: string;
  /** Who asks: only their own conversations are found (see conversation-access.ts). */
  requester: Requester;
  /** The id the client named (`X-Cyrene-Conversation-Id`, `metadata.conversation_id`, `conversation_id`). */
  named?: string;
  /** The entry point's own id of the conversation (HA's conversation id over Wyoming). */
  externalId?: string;
  /** For clients that resend their history: the user and assistant texts before the newest user message. */
  prior?: SeenMessage[];
}

export type Resolved =
  | { conversationId: string; seen: string[]; priorMessages?: undefined }
  | { conversationId?: undefined; seen: string[]; priorMessages: ChatMessage[] };

/**
 * Which stored conversation a request continues, under the requester's access rule: the one it names,
 * if the requester may open it; else the one the entry point's own id stands for; else the one
 * conversation of the requester's, from this source, that its resent history continues; else none, and a
 * new conversation is seeded with the history. Undefined when the named conversation does not exist or is
 * someone else's (the two are not told apart), and when the external id is someone else's.
 */
export function resolveConversation(
  conversations: ConversationStore,
  request: ConversationRequest,
): Resolved | undefined {
  if (request.named !== undefined) {
    if (!conversations.open(request.named, request.requester)) return undefined;
    return { conversationId: request.named, seen: conversations.seen.of(request.named) };
  }
  if (request.externalId !== undefined) {
    const found = conversations.findExternal(request.source, request.externalId);
    if (found === undefined) return { seen: [], priorMessages: [] };
    if (!conversations.open(found, request.requester)) return undefined;
    return { conversationId: found, seen: conversations.seen.of(found) };
  }
  const prior = request.prior ?? [];
  const history = seenHashes(prior);
  const match = conversations.seen.match(request.source, request.requester, history);
  if (match && "conversationId" in match) {
    return { conversationId: match.conversationId, seen: conversations.seen.of(match.conversationId) };
  }
  const priorMessages = prior.map(
    (m) => ({ role: m.role === "assistant" ? "assistant" : "user", content: m.content }) as ChatMessage,
  );
  return { seen: history, priorMessages };
}

/** An entry point whose calls all continue one conversation per owner (MCP), and its title. */
export interface OwnConversationRequest {
  source: string;
  requester: Requester;
  title: string;
}

/**
 * The one conversation an entry point keeps per owner (MCP: each call is a turn of its own, and the
 * conversation holds the owner's background jobs and the reminders made there): the requester's own from
 * this source, known by the owner key as its external id, opened on its first call. Like every
 * resolution, it never looks past the owner.
 */
export function ownConversation(conversations: ConversationStore, request: OwnConversationRequest): string {
  const { source, requester, title } = request;
  const known = conversations.findExternal(source, requester.owner);
  if (known !== undefined) return known;
  // Opened before owners were its external ids: found once by owner, and known by the key from then on.
  const [older] = conversations.list({ source, visibleTo: { owner: requester.owner }, limit: 1 });
  if (older) {
    conversations.setExternal(older.id, requester.owner);
    return older.id;
  }
  return conversations.create(source, { title, owner: requester.owner, externalId: requester.owner }).id;
}
