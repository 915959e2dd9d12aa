/**
 * Requests as Home Assistant's Ollama integration (ollama==0.5.1, HA 2026.2) sends them: its system
 * prompt first (with a clock line that changes every turn), the whole history, `tools: []` when no LLM
 * API is selected, keep_alive and num_ctx as the subentry's floats.
 */
export const HA_INSTRUCTIONS =
  "You are a voice assistant for Home Assistant.\nAnswer questions about the world truthfully.\n" +
  "Answer in plain text. Keep it simple and to the point.\n";

export function haSystemPrompt(time = "14:03:22", extra?: string): string {
  return `${HA_INSTRUCTIONS}\nCurrent time is ${time}. Today's date is 2026-02-20.${extra ? `\n${extra}` : ""}`;
}

export type OllamaMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string;
  tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
};

export const user = (content: string): OllamaMessage => ({ role: "user", content });
export const assistant = (content: string): OllamaMessage => ({ role: "assistant", content });

export function haChatBody(
  messages: OllamaMessage[],
  extra: Record<string, unknown> = {},
  time?: string,
): Record<string, unknown> {
  return {
    model: "cyrene:latest",
    stream: true,
    options: { num_ctx: 8192 },
    keep_alive: "-1s",
    messages: [{ role: "system", content: haSystemPrompt(time) }, ...messages],
    tools: [],
    think: false,
    ...extra,
  };
}

export interface ChatLine {
  model?: string;
  created_at?: string;
  message: {
    role: string;
    content?: string;
    tool_calls?: { function: { name: string; arguments: unknown } }[];
  };
  done: boolean;
  done_reason?: string;
  eval_count?: number;
  prompt_eval_count?: number;
  total_duration?: number;
  error?: string;
}

export interface ChatReply {
  status: number;
  contentType: string;
  raw: string;
  lines: ChatLine[];
  /** The content of every line, joined, as HA's chat log joins it. */
  text: string;
}

/** POSTs /api/chat (a string body is sent as is) and reads the whole answer. */
export async function postChat(baseUrl: string, body: Record<string, unknown> | string): Promise<ChatReply> {
  const res = await fetch(`${baseUrl}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const raw = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  const lines = contentType.includes("ndjson")
    ? raw
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line) as ChatLine)
    : [JSON.parse(raw) as ChatLine];
  const text = lines.map((line) => line.message?.content ?? "").join("");
  return { status: res.status, contentType, raw, lines, text };
}
