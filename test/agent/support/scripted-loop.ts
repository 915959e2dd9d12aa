import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { z } from "zod";
import { BackgroundJobs } from "../../../src/agent/background-jobs.js";
import type { AgentEvent } from "../../../src/agent/events.js";
import { ToolLoop } from "../../../src/agent/tool-loop.js";
import { LlmClient } from "../../../src/llm/client.js";
import type { ChatMessage } from "../../../src/llm/messages.js";
import { silentLogger } from "../../../src/logging/logger.js";
import { openDatabase } from "../../../src/store/database.js";
import { JobStore } from "../../../src/store/jobs.js";
import { ToolError } from "../../../src/tools/contract.js";
import { defineTool } from "../../../src/tools/define-tool.js";
import { allowAllTools } from "../../../src/tools/policy.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { ScriptedLlm } from "../../fixtures/scripted-llm/server.js";
import { packFor } from "../../../src/words/packs.js";
import { testTurn } from "../../support/turn-context.js";

/**
 * The tool loop against a scripted model, with stand-ins for the home tools: `iot_control` records its
 * calls and succeeds (or fails, when `control.fail` is set; or asks, as the real one does, when the loop
 * says the call waits for the person's yes), `iot_query` reads a fixed state.
 */
export async function startScriptedLoop() {
  const llm = await ScriptedLlm.start();
  const control = { calls: [] as Record<string, unknown>[], fail: false };
  const iotControl = defineTool({
    name: "iot_control",
    description: "Control smart-home devices.",
    parameters: z.object({ service: z.string().optional(), target: z.string().optional() }).loose(),
    execute: (args, ctx) => {
      if (control.fail) throw new ToolError('No light matches "阳台灯".');
      if (ctx.confirmFirst && !args.confirmation_id) {
        const service = String(args.service).split(".")[1] ?? "";
        const words = packFor(ctx.confirmFirst.language)!;
        const question = words.actionLines.askBeforeActing(service, [String(args.target)]);
        return { status: "confirmation_required", confirmation_id: "confirm-0", question };
      }
      control.calls.push(args);
      return { done: `${args.service} ${args.target}`, results: [{ state: "on" }] };
    },
  });
  const iotQuery = defineTool({
    name: "iot_query",
    description: "Read device states.",
    parameters: z.object({ target: z.string().optional() }).loose(),
    execute: () => ({ states: [{ name: "客厅灯", state: "off" }] }),
  });
  const logger = silentLogger();
  const db = openDatabase(":memory:");
  const registry = new ToolRegistry().register(iotControl, iotQuery);
  const client = new LlmClient({
    baseUrl: llm.baseUrl,
    apiKey: "k",
    model: "m",
    maxRetries: 0,
    requestTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
  });
  const jobs = new BackgroundJobs(new JobStore(db), logger, 16_000);
  const toolLoop = new ToolLoop(client, registry, jobs, logger, {
    maxRounds: 5,
    toolTimeoutMs: 5_000,
    backgroundTimeoutMs: 10_000,
    maxToolResultChars: 16_000,
  });

  /**
   * One turn: the user's message (after the conversation's `history`), answered by the loop; every
   * event, and the text events in order.
   */
  const turn = async (message: string, history: ChatMessage[] = [], language?: string) => {
    const events: AgentEvent[] = [];
    const messages: ChatMessage[] = [...history, { role: "user", content: message }];
    const final = await toolLoop.run({
      messages,
      turn: testTurn({ conversationId: "c", policy: allowAllTools, language }),
      emit: (event) => events.push(event),
    });
    const texts = events.flatMap((e) => (e.type === "text" ? [e.text] : []));
    const stored = events.flatMap((e) => (e.type === "round_finished" ? e.messages : []));
    return { final, events, texts, stored };
  };

  return {
    llm,
    control,
    turn,
    async close() {
      await llm.close();
      db.close();
    },
  };
}

type ScriptedLoop = Awaited<ReturnType<typeof startScriptedLoop>>;

/**
 * A scripted loop for a test file: started once, and checked after each test (every scripted reply
 * used) and reset. The object is filled in before the first test runs.
 */
export function useScriptedLoop(): ScriptedLoop {
  const loop = {} as ScriptedLoop;
  beforeAll(async () => Object.assign(loop, await startScriptedLoop()));
  afterAll(() => loop.close());
  afterEach(() => {
    expect(loop.llm.pending, "every scripted reply should be used").toBe(0);
    loop.llm.reset();
    loop.control.calls.length = 0;
    loop.control.fail = false;
  });
  return loop;
}
