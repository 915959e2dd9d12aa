/** The longest user message a turn accepts, at every entry point (/api/chat, /v1, Ollama, Wyoming). */
export const MAX_MESSAGE_CHARS = 32_000;
