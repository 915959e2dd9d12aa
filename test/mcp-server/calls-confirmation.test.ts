import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { BackgroundJobs } from "../../src/agent/background-jobs.js";
import { ToolCallRunner } from "../../src/agent/tool-calls.js";
import { silentLogger } from "../../src/logging/logger.js";
import { McpToolCalls } from "../../src/mcp-server/calls.js";
import { mcpPolicy } from "../../src/mcp-server/policy.js";
import { HOUSEHOLD, personRequester } from "../../src/store/conversation-access.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { openDatabase } from "../../src/store/database.js";
import { JobStore } from "../../src/store/jobs.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { Confirmations } from "../../src/tools/confirmations.js";
import { iotControlTool } from "../../src/tools/home/iot-control.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { dataOf, textOf } from "../support/mcp-client.js";
import { testTurn } from "../support/turn-context.js";

/** McpToolCalls over iot_control on a fake HA: what an MCP client may and may not do with a question. */
function setup() {
  const ha = new FakeHomeAssistant(sampleHome());
  const time = createHomeTime({ ha });
  const confirmations = new Confirmations(time);
  const registry = new ToolRegistry().register(
    iotControlTool({ ha, time, confirmations, sensitiveDomains: [], settleMs: 50 }),
  );
  const db = openDatabase(":memory:");
  const logger = silentLogger();
  const conversations = new ConversationStore(db);
  const background = new BackgroundJobs(new JobStore(db), logger, 16_000);
  const limits = { toolTimeoutMs: 5_000, backgroundTimeoutMs: 10_000, maxToolResultChars: 16_000 };
  const calls = new McpToolCalls({
    calls: new ToolCallRunner(registry, background, logger, limits),
    registry,
    policy: mcpPolicy(registry.names(), undefined),
    ...{ background, conversations, confirmations, logger, limits, time },
  });
  const signal = new AbortController().signal;
  const household = { requester: HOUSEHOLD };
  const call = (name: string, args: Record<string, unknown>, caller = household) =>
    calls.call(name, args, caller, signal);
  const ask = async () => {
    const asked = await call("iot_control", { service: "lock.unlock", target: "Front Door" });
    return dataOf<{ status: string; confirmation_id: string }>(asked).confirmation_id;
  };
  return { ha, registry, conversations, call, ask, logger, signal };
}

const failed = (result: CallToolResult) => {
  expect(result.isError, textOf(result)).toBe(true);
  return textOf(result);
};

describe("confirmations over MCP", () => {
  it("carries a question out only through confirm_action in a later call by the same owner, once", async () => {
    const { ha, call, ask } = setup();
    const id = await ask();
    expect(failed(await call("iot_control", { confirmation_id: id }))).toMatch(/confirm_action/);
    const stranger = { requester: personRequester("someone-else") };
    expect(failed(await call("confirm_action", { confirmation_id: id }, stranger))).toMatch(/unknown/);
    expect(ha.calls).toHaveLength(0);

    const done = await call("confirm_action", { confirmation_id: id });
    expect(dataOf<{ done: string }>(done).done).toBe(
      "confirmed and done: unlock Front Door (lock.front_door)",
    );
    expect(failed(await call("confirm_action", { confirmation_id: id }))).toMatch(/already used/);
    expect(ha.calls).toHaveLength(1);
  });

  it("answers several questions in any order, with no turn numbers involved", async () => {
    const { ha, call, ask } = setup();
    const first = await ask();
    const second = await ask();
    expect(textOf(await call("confirm_action", { confirmation_id: second }))).toMatch(/confirmed and done/);
    expect(textOf(await call("confirm_action", { confirmation_id: first }))).toMatch(/confirmed and done/);
    expect(ha.calls).toHaveLength(2);
  });

  it("takes no yes for an MCP question from a chat turn in the owner's MCP conversation", async () => {
    const { ha, registry, conversations, logger, signal, ask } = setup();
    const id = await ask();
    const [mcpConversation] = conversations.list({ source: "mcp", visibleTo: HOUSEHOLD });
    // A chat turn (the next-message rule) numbered right after the question's call (MCP calls are turn 1).
    const turn = testTurn({
      conversationId: mcpConversation!.id,
      turnId: "chat",
      turnNumber: 2,
      signal,
      policy: allowAllTools,
    });
    const result = await registry.execute(
      { id: "c1", name: "iot_control", arguments: JSON.stringify({ confirmation_id: id }) },
      { logger, turn, hardTimeoutMs: 10_000 },
    );
    expect(result.success ? "taken" : result.error).toMatch(/can only be answered there/);
    expect(ha.calls).toHaveLength(0);
  });
});
