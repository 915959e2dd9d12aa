import type { LlmUsage } from "../llm/messages.js";
import type { Logger } from "../logging/logger.js";
import type { AgentEvent } from "./events.js";
import { clip } from "../text/clip.js";

/** The entry point a conversation's source stands for, as operators know them. */
const ENTRIES: Record<string, string> = {
  api: "web",
  openai: "/v1",
  ha_openai: "ha /v1",
  ollama: "ollama",
  wyoming: "wyoming",
  cli: "cli",
  thinker: "thinker",
};

/** Arguments that name what a call acted on, most telling first. */
const TARGET_KEYS = ["target", "query", "url", "expression", "path", "at", "datetime", "id", "operation"];
const MAX_TARGET = 40;

interface CallSeen {
  name: string;
  target?: string;
  /** Undefined while running; a call still running when the turn ends went to the background. */
  ok?: boolean;
  background?: boolean;
}

export interface TurnEnd {
  conversationId: string;
  turnId: string;
  status: string;
  rounds: number;
  usage: LlmUsage;
  durationMs: number;
  error?: string;
}

/**
 * One log line per turn: where it came from, who asked, what the tools did, and what it cost —
 * `turn web · Alice · iot_control(light.turn_on 客厅灯) ✓ · 2 rounds · 1,234 in / 56 out tokens, 1,000
 * cached · 2,345 ms`. The facts go under `turn` (JSON), which the terminal's pretty output hides.
 */
export class TurnLog {
  private readonly calls = new Map<string, CallSeen>();

  constructor(
    private readonly source: string,
    private readonly person: string | undefined,
  ) {}

  /** Fed every event of the turn. */
  see(event: AgentEvent): void {
    if (event.type === "tool_started") {
      this.calls.set(event.callId, { name: event.name, target: targetOf(event.name, event.arguments) });
    } else if (event.type === "tool_finished") {
      const call = this.calls.get(event.callId) ?? { name: event.name };
      this.calls.set(event.callId, {
        ...call,
        ok: event.result.success,
        background: Boolean(event.background),
      });
    }
  }

  write(logger: Logger, end: TurnEnd): void {
    const entry = ENTRIES[this.source] ?? this.source;
    const tools = [...this.calls.values()];
    const { promptTokens, completionTokens, cachedTokens = 0 } = end.usage;
    const parts = [
      `turn ${entry}`,
      this.person ?? "—",
      tools.length ? tools.map(describeCall).join(", ") : "no tools",
      `${end.rounds} ${end.rounds === 1 ? "round" : "rounds"}`,
      `${n(promptTokens)} in / ${n(completionTokens)} out tokens, ${n(cachedTokens)} cached`,
      `${n(end.durationMs)} ms`,
    ];
    if (end.status !== "completed") parts.push(end.error ? `${end.status}: ${end.error}` : end.status);
    const facts = {
      entry,
      person: this.person,
      conversationId: end.conversationId,
      turnId: end.turnId,
      status: end.status,
      tools: tools.map((t) => ({
        name: t.name,
        target: t.target,
        ok: t.ok,
        background: t.background || undefined,
      })),
      rounds: end.rounds,
      promptTokens,
      completionTokens,
      cachedTokens,
      durationMs: end.durationMs,
      error: end.error,
    };
    logger.info({ turn: facts }, parts.join(" · "));
  }
}

function describeCall(call: CallSeen): string {
  const mark = call.ok === undefined || call.background ? "…" : call.ok ? "✓" : "✗";
  return `${call.name}${call.target ? `(${call.target})` : ""} ${mark}`;
}

/** What a call acted on, from its arguments: iot_control's service and target, else the first telling one. */
export function targetOf(name: string, raw: string): string | undefined {
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!args || typeof args !== "object") return undefined;
  const record = args as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" && record[key] ? record[key] : undefined);
  const words =
    name === "iot_control"
      ? [text("service"), text("target")].filter(Boolean).join(" ")
      : TARGET_KEYS.map(text).find(Boolean);
  if (!words) return undefined;
  const line = words.replace(/\s+/g, " ").trim();
  return clip(line, MAX_TARGET);
}

const n = (value: number) => value.toLocaleString("en-US");
