/**
 * One open conversation: what was said and done, as the chat view shows it, kept up to date from the
 * server's event stream, the stored history (on open and reload) and the background jobs' results.
 */
import { api, ApiError, chat, type ChatEvent, type Conversation, type Job, type ToolResult } from "./api.js";
import { t } from "./i18n.js";

export type ToolState = "running" | "done" | "failed" | "background" | "late" | "interrupted";

export interface ToolView {
  id: string;
  name: string;
  arguments: string;
  state: ToolState;
  durationMs?: number;
  result?: ToolResult;
  jobId?: string;
  /** A background job's own result, when it arrived. */
  late?: ToolResult;
}

export type Part =
  | { kind: "text"; text: string }
  | { kind: "tool"; tool: ToolView }
  /** A background result that arrived while the user was elsewhere in the conversation. */
  | { kind: "late"; tool: ToolView };

export interface UserItem {
  kind: "user";
  key: number;
  text: string;
}

export interface AssistantItem {
  kind: "assistant";
  key: number;
  parts: Part[];
  streaming: boolean;
  /** Waiting or retrying, said while the line is quiet. */
  status?: string;
  error?: string;
  stopped?: boolean;
}

export type Item = UserItem | AssistantItem;

/** What iot_control (or any tool) answers when an action needs the user's yes. */
export interface Confirmation {
  would: string;
  confirmationId: string;
}

export function confirmationOf(tool: ToolView): Confirmation | undefined {
  const result = tool.result;
  if (!result?.success || !result.data || typeof result.data !== "object") return undefined;
  const data = result.data as Record<string, unknown>;
  if (data.status !== "confirmation_required") return undefined;
  return { would: String(data.would ?? ""), confirmationId: String(data.confirmation_id ?? "") };
}

const POLL_MS = 2000;
let keys = 0;

export class ChatSession extends EventTarget {
  conversationId: string | null = null;
  title: string | null = null;
  items: Item[] = [];
  busy = false;
  loading = false;
  error: string | null = null;
  private controller?: AbortController;
  private readonly byCall = new Map<string, ToolView>();
  private readonly byJob = new Map<string, ToolView>();
  private pollTimer?: ReturnType<typeof setTimeout>;
  /** Bumped on every open, so a late answer for another conversation is dropped. */
  private generation = 0;

  private changed(): void {
    this.dispatchEvent(new Event("change"));
  }

  /** Starts a new, empty conversation. */
  reset(): void {
    this.stop();
    this.generation++;
    this.clearPoll();
    this.conversationId = null;
    this.title = null;
    this.items = [];
    this.byCall.clear();
    this.byJob.clear();
    this.error = null;
    this.loading = false;
    this.changed();
  }

  /** Opens a stored conversation. */
  async open(id: string): Promise<void> {
    this.reset();
    const generation = this.generation;
    this.conversationId = id;
    this.loading = true;
    this.changed();
    try {
      const conversation = await api.conversation(id);
      if (generation !== this.generation) return;
      this.load(conversation);
    } catch (error) {
      if (generation !== this.generation) return;
      this.conversationId = null;
      this.error =
        error instanceof ApiError && error.status === 404 ? t("conversationGone") : (error as Error).message;
    } finally {
      if (generation === this.generation) {
        this.loading = false;
        this.changed();
      }
    }
  }

  private load(conversation: Conversation): void {
    this.title = conversation.title;
    let assistant: AssistantItem | undefined;
    for (const message of conversation.messages) {
      const text = textOf(message.content);
      if (message.role === "user") {
        this.items.push({ kind: "user", key: ++keys, text });
        assistant = undefined;
      } else if (message.role === "assistant") {
        if (!assistant) {
          assistant = { kind: "assistant", key: ++keys, parts: [], streaming: false };
          this.items.push(assistant);
        }
        if (text) assistant.parts.push({ kind: "text", text });
        for (const call of message.tool_calls ?? []) {
          const tool: ToolView = {
            id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
            state: "running",
          };
          this.byCall.set(call.id, tool);
          assistant.parts.push({ kind: "tool", tool });
        }
      } else if (message.role === "tool" && message.tool_call_id) {
        const tool = this.byCall.get(message.tool_call_id);
        if (!tool) continue;
        tool.result = parseResult(text);
        tool.state = stateOf(tool.result);
      }
    }
    // A tool call without a stored result was cut short (a stopped turn).
    for (const tool of this.byCall.values()) if (tool.state === "running") tool.state = "interrupted";
    this.applyJobs(conversation.jobs, false);
  }

  /** Background jobs' states and late results, onto their tool cards. */
  private applyJobs(jobs: Job[], announce: boolean): void {
    for (const job of jobs) {
      const tool = this.byCall.get(job.tool_call_id) ?? this.byJob.get(job.id);
      if (!tool) continue;
      tool.jobId = job.id;
      this.byJob.set(job.id, tool);
      if (job.status === "running") tool.state = "background";
      else if (tool.state !== "late") this.arrived(tool, job.result, job.status === "interrupted", announce);
    }
    this.schedulePoll();
  }

  private arrived(tool: ToolView, result: ToolResult | null, interrupted: boolean, announce: boolean): void {
    tool.state = interrupted ? "interrupted" : "late";
    if (result) tool.late = result;
    if (!announce) return;
    const last = this.items.at(-1);
    if (last?.kind === "assistant" && last.streaming) last.parts.push({ kind: "late", tool });
    else
      this.items.push({ kind: "assistant", key: ++keys, parts: [{ kind: "late", tool }], streaming: false });
  }

  private runningJobs(): boolean {
    return [...this.byJob.values()].some((tool) => tool.state === "background");
  }

  /** While a background job runs, asks the server for the conversation's jobs now and then. */
  private schedulePoll(): void {
    if (this.pollTimer || !this.conversationId || !this.runningJobs()) return;
    const generation = this.generation;
    const id = this.conversationId;
    this.pollTimer = setTimeout(async () => {
      this.pollTimer = undefined;
      if (generation !== this.generation) return;
      try {
        const conversation = await api.conversation(id);
        if (generation !== this.generation) return;
        this.applyJobs(conversation.jobs, true);
        this.changed();
      } catch {
        if (generation === this.generation) this.schedulePoll();
      }
    }, POLL_MS);
  }

  private clearPoll(): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** Sends a message and follows the reply as it streams. */
  async send(message: string): Promise<void> {
    const text = message.trim();
    if (!text || this.busy) return;
    this.error = null;
    this.items.push({ kind: "user", key: ++keys, text });
    const reply: AssistantItem = {
      kind: "assistant",
      key: ++keys,
      parts: [],
      streaming: true,
      status: t("thinking"),
    };
    this.items.push(reply);
    this.busy = true;
    this.controller = new AbortController();
    const generation = this.generation;
    this.changed();
    try {
      for await (const event of chat(text, this.conversationId, this.controller.signal)) {
        if (generation !== this.generation) return;
        this.apply(reply, event);
        this.changed();
      }
    } catch (error) {
      if (generation !== this.generation) return;
      if (this.controller.signal.aborted) reply.stopped = true;
      else reply.error = (error as Error).message || String(error);
    } finally {
      if (generation === this.generation) {
        reply.streaming = false;
        reply.status = undefined;
        for (const part of reply.parts) {
          if (part.kind === "tool" && part.tool.state === "running") part.tool.state = "interrupted";
        }
        this.busy = false;
        this.controller = undefined;
        this.schedulePoll();
        this.changed();
        this.dispatchEvent(new Event("turn-finished"));
      }
    }
  }

  /** Stops the reply: the server cancels the turn when the request goes away. */
  stop(): void {
    this.controller?.abort();
  }

  private apply(reply: AssistantItem, event: ChatEvent): void {
    switch (event.type) {
      case "turn_started":
        if (this.conversationId !== event.conversation_id) {
          this.conversationId = event.conversation_id;
          this.dispatchEvent(new Event("conversation"));
        }
        break;
      case "status":
        reply.status =
          event.state === "retrying" && event.attempt && event.of
            ? t("retrying", { attempt: event.attempt, of: event.of })
            : t("thinking");
        break;
      case "text": {
        reply.status = undefined;
        const last = reply.parts.at(-1);
        if (last?.kind === "text") last.text += event.text;
        else reply.parts.push({ kind: "text", text: event.text });
        break;
      }
      case "tool_started": {
        reply.status = undefined;
        const tool: ToolView = {
          id: event.id,
          name: event.name,
          arguments: event.arguments,
          state: "running",
        };
        this.byCall.set(event.id, tool);
        reply.parts.push({ kind: "tool", tool });
        break;
      }
      case "tool_finished": {
        let tool = this.byCall.get(event.id);
        if (!tool) {
          tool = { id: event.id, name: event.name, arguments: "", state: "running" };
          this.byCall.set(event.id, tool);
          reply.parts.push({ kind: "tool", tool });
        }
        tool.durationMs = event.duration_ms;
        tool.result = event.result;
        if (event.background_job_id) {
          tool.state = "background";
          tool.jobId = event.background_job_id;
          this.byJob.set(event.background_job_id, tool);
        } else tool.state = stateOf(event.result);
        reply.status = t("thinking");
        break;
      }
      case "background_result": {
        const tool = this.byJob.get(event.job_id);
        if (tool && tool.state !== "late") this.arrived(tool, event.result, false, true);
        else if (!tool) {
          const orphan: ToolView = {
            id: event.job_id,
            name: event.name,
            arguments: "",
            state: "late",
            late: event.result,
            jobId: event.job_id,
          };
          reply.parts.push({ kind: "late", tool: orphan });
        }
        break;
      }
      case "final":
        reply.status = undefined;
        if (event.error) reply.error = event.error.message;
        break;
      case "error":
        reply.status = undefined;
        reply.error ??= event.message;
        break;
      case "done":
        reply.status = undefined;
        break;
    }
  }

  /** Whether a later user message answered the confirmation in this item. */
  answeredAfter(item: Item): boolean {
    const index = this.items.indexOf(item);
    return this.items.slice(index + 1).some((later) => later.kind === "user");
  }
}

function textOf(content: Conversation["messages"][number]["content"]): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? "").join("");
  return "";
}

/** A stored tool result (JSON text) as the tool returned it. */
export function parseResult(text: string): ToolResult {
  try {
    const parsed = JSON.parse(text) as ToolResult;
    if (parsed && typeof parsed === "object" && "success" in parsed) return parsed;
  } catch {
    // A result cut to fit the LLM's budget is no longer JSON: show it as text.
  }
  return { success: true, data: text };
}

function stateOf(result: ToolResult): ToolState {
  if (!result.success) return "failed";
  const data = result.data as { status?: unknown } | null;
  return data && typeof data === "object" && data.status === "running_in_background" ? "background" : "done";
}
