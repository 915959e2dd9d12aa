/** The messages without the per-turn notes (clock, background results) that precede each user message. */
export function withoutNotes<M extends { role: string; content?: unknown }>(messages: M[]): M[] {
  return messages.filter((m) => !(m.role === "system" && isNote(m.content)));
}

export function isNote(content: unknown): boolean {
  return typeof content === "string" && /^Now: \d{4}-\d{2}-\d{2} /.test(content);
}
