import { z } from "zod";
import { ChildWorker, type ChildFailure } from "../../child-process/worker.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { OPERATIONS, type MarkdownAnswer, type MarkdownTask } from "./markdown/operations.js";

export interface MarkdownToolOptions {
  /** Longest Markdown text accepted, in characters. Default 200,000. */
  maxInputChars?: number;
  /** Most headings, links, tables or rows per table listed in one answer. Default 500. */
  maxItems?: number;
  /** Time one operation may take (default 5 s). */
  timeoutMs?: number;
}

const DESCRIPTION =
  "Markdown to HTML or plain text (纯文本); its headings (标题/目录), links (链接), tables as JSON (表格).";

const here = import.meta.url;
const entry = new URL(
  here.endsWith(".ts") ? "./markdown/markdown-process.ts" : "./markdown/markdown-process.js",
  here,
);

/**
 * Parsing and sanitizing run in a child process started by the first call (not at boot) and stopped after
 * a minute without one: some hundred milliseconds of parsing for a long text would otherwise hold the
 * event loop, and with it every other conversation.
 */
const worker = new ChildWorker<MarkdownTask, MarkdownAnswer>({
  program: { entry },
  maxMemoryMb: 256,
  idleMs: 60_000,
});

/** Stops the markdown tool's child process, if it runs (tests; the next call starts a new one). */
export function stopMarkdownWorker(): Promise<void> {
  return worker.close();
}

export function markdownTool(options: MarkdownToolOptions = {}): Tool {
  const maxInputChars = options.maxInputChars ?? 200_000;
  const maxItems = options.maxItems ?? 500;
  const timeoutMs = options.timeoutMs ?? 5_000;

  const parameters = z.object({
    operation: z.enum(OPERATIONS),
    markdown: z
      .string()
      .max(maxInputChars, `markdown is longer than ${maxInputChars} characters; send a smaller part`),
  });

  return defineTool({
    name: "markdown",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      const outcome = await worker.run(
        { operation: args.operation, markdown: args.markdown, maxItems },
        { timeoutMs, signal: ctx.signal },
      );
      if (!outcome.ok) throw new ToolError(failure(outcome.reason, timeoutMs));
      if (!outcome.reply.ok) throw new ToolError(outcome.reply.error);
      return outcome.reply.data;
    },
  });
}

function failure(reason: ChildFailure, timeoutMs: number): string {
  switch (reason) {
    case "timeout":
      return `The Markdown took more than ${Math.round(timeoutMs / 1000)} s to process and was stopped (处理超时); send a smaller part.`;
    case "memory":
      return "The Markdown needed too much memory and was stopped; send a smaller part.";
    case "aborted":
      return "The Markdown operation was stopped.";
    case "unstarted": // no start limit is set
    case "crashed":
      return "The Markdown processor stopped unexpectedly.";
  }
}
