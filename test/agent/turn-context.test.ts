import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTurnContext } from "../../src/agent/turn-context.js";
import { personRequester, UNNAMED } from "../../src/store/conversation-access.js";
import { defineTool } from "../../src/tools/define-tool.js";
import { allowAllTools } from "../../src/tools/policy.js";
import type { TurnContext } from "../../src/turn/context.js";
import { startHarness, type Harness } from "../support/harness.js";

const NOW = new Date("2026-03-01T08:00:00Z");
const seen: TurnContext[] = [];
const whoami = defineTool({
  name: "whoami",
  description: "Tells who asks.",
  parameters: z.object({}),
  execute: (_args, ctx) => {
    seen.push(ctx.turn);
    return { ok: true };
  },
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tools: [whoami], clock: () => NOW });
});
afterAll(() => h.close());

const callsWhoami = () => h.llm.script({ toolCalls: [{ name: "whoami", arguments: {} }] }, { text: "done" });

describe("a turn's context", () => {
  it("reaches the tool whole: conversation, turn and its number, entry point, policy, who asks, language, time", async () => {
    seen.length = 0;
    const requester = personRequester("u1");
    const person = { id: "u1", name: "Alice" };
    const ask = (conversationId?: string) =>
      h.cyrene.assistant.turn(
        {
          message: "who?",
          source: "api",
          requester,
          person,
          language: "en",
          conversationId,
          policy: allowAllTools,
        },
        () => {},
      );
    callsWhoami();
    const first = await ask();
    callsWhoami();
    const second = await ask(first.conversationId);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      conversationId: first.conversationId,
      turnId: first.turnId,
      turnNumber: 1,
      source: "api",
      policy: allowAllTools,
      requester,
      person,
      language: "en",
    });
    expect(seen[1]).toMatchObject({
      conversationId: first.conversationId,
      turnId: second.turnId,
      turnNumber: 2,
    });
    expect(seen[0]!.time.now()).toBe(NOW.getTime());
  });

  it("is built again, the same, for a turn resumed with a client's tool results", async () => {
    seen.length = 0;
    const client = {
      name: "client_lookup",
      description: "The client's own tool.",
      parameters: { type: "object" },
    };
    h.llm.script({ toolCalls: [{ name: "client_lookup", arguments: {} }] });
    const paused = await h.cyrene.assistant.turn(
      { message: "look it up", source: "openai", clientTools: [client], policy: allowAllTools },
      () => {},
    );
    expect(paused.clientCalls).toHaveLength(1);
    callsWhoami();
    const resumed = await h.cyrene.assistant.resume(
      { toolResults: [{ toolCallId: paused.clientCalls![0]!.id, content: "42" }], policy: allowAllTools },
      () => {},
    );
    expect(resumed.turnId).toBe(paused.turnId);
    expect(seen[0]).toMatchObject({
      conversationId: paused.conversationId,
      turnId: paused.turnId,
      turnNumber: 1,
      source: "openai",
      requester: UNNAMED,
    });
  });
});

describe("buildTurnContext", () => {
  const opened = { conversationId: "c", turnId: "t", turnNumber: 3, source: "wyoming" };
  const time = { now: () => 0, zone: () => "UTC" };
  const caller = { policy: allowAllTools };

  it("gives the turn the shorter of the entry point's and the configured deadline", () => {
    expect(
      buildTurnContext({ ...caller, deadlineMs: 5_000 }, opened, { time, turnDeadlineMs: 60_000 }).deadlineMs,
    ).toBe(5_000);
    expect(
      buildTurnContext({ ...caller, deadlineMs: 90_000 }, opened, { time, turnDeadlineMs: 60_000 })
        .deadlineMs,
    ).toBe(60_000);
    expect(buildTurnContext(caller, opened, { time }).deadlineMs).toBeUndefined();
  });

  it("reads the language from the person's own words, not from a thought's summary of the home", () => {
    const prompt = "Check the parcel box, then turn off the ceiling lights.";
    const message = `Why: ${prompt}\n\nThe home now: lights on: 客厅灯, 卧室台灯, 厨房灯带, 书房台灯, 走廊灯, 餐厅吊灯`;
    expect(buildTurnContext({ ...caller, ownWords: prompt }, opened, { time }, message).language).toBe("en");
  });

  it("answers for nobody named when the entry point names no one", () => {
    expect(buildTurnContext(caller, opened, { time }).requester).toBe(UNNAMED);
  });
});
