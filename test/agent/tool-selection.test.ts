import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { SYNTHETIC_TOOLS, syntheticTools } from "../fixtures/many-tools/tools.js";
import { startHarness, type Harness } from "../support/harness.js";
import { FULL_ENV, requestTokens } from "../support/tool-tokens.js";

/**
 * The tools offered per turn, through the real loop against the scripted LLM: the 20 built-in tools as
 * today, and 121 (the 20 and 101 of MCP servers) cut to a budget, with find_tools for the rest.
 */
let h19: Harness;
let h120: Harness;
beforeAll(async () => {
  [h19, h120] = await Promise.all([
    startHarness({ env: FULL_ENV }),
    startHarness({ env: FULL_ENV, tools: syntheticTools() }),
  ]);
});
afterAll(() => Promise.all([h19.close(), h120.close()]));

const turn = (h: Harness, message: string, conversationId?: string, events: AgentEvent[] = []) =>
  h.cyrene.assistant.turn({ message, conversationId, source: "test", policy: allowAllTools }, (event) =>
    events.push(event),
  );
const offered = (request: RecordedRequest) => request.body.tools!.map((tool) => tool.function.name);

describe("tools chosen per turn", () => {
  it("with the 20 built-in tools, sends the tool list byte for byte as the registry gives it", async () => {
    h19.llm.reset();
    h19.llm.script({ text: "ok" }, { text: "ok" });
    await turn(h19, "How much free space is left on the NAS?");
    await turn(h19, "打开客厅的灯");
    const wire = h19.cyrene.registry.definitions(allowAllTools).map((definition) => ({
      type: "function",
      function: {
        name: definition.name,
        description: definition.description,
        parameters: definition.parameters,
      },
    }));
    expect(wire).toHaveLength(20);
    for (const request of h19.llm.requests)
      expect(JSON.stringify(request.body.tools)).toBe(JSON.stringify(wire));
  });

  it("with 121 tools, offers the core, find_tools and the turn's tools within 3,500 input tokens", async () => {
    h120.llm.reset();
    h120.llm.script({ text: "ok" }, { text: "好" });
    await turn(h120, "How much free space is left on the NAS?");
    await turn(h120, "把卧室空调关掉");
    expect(h120.cyrene.registry.names()).toHaveLength(121);
    const core = h19.cyrene.registry.definitions(allowAllTools).map((d) => d.name);
    for (const request of h120.llm.requests) {
      expect(offered(request).slice(0, core.length + 1)).toEqual([...core, "find_tools"]);
      expect(requestTokens(request.body).total).toBeLessThanOrEqual(3_500);
    }
    const [english, chinese] = h120.llm.requests as [RecordedRequest, RecordedRequest];
    expect(offered(english)).toContain("nas__storage_usage");
    expect(offered(chinese)).toContain("ha__HassTurnOff");
  });

  it("offers what find_tools found from the next round of the same turn, and the model's call to it runs", async () => {
    h120.llm.reset();
    h120.llm.script(
      { toolCalls: [{ name: "find_tools", arguments: { query: "drive SMART health" } }] },
      { toolCalls: [{ name: "nas__disk_health", arguments: {} }] },
      { text: "The drives are fine." },
    );
    const events: AgentEvent[] = [];
    const result = await turn(h120, "hello there", undefined, events);
    const [first, second] = h120.llm.requests as [RecordedRequest, RecordedRequest];
    expect(offered(first)).not.toContain("nas__disk_health");
    expect(offered(second)).toContain("nas__disk_health");
    // The list only grew, and up to the first new tool it is the same bytes (a cached prefix holds).
    const was = new Set(offered(first));
    expect(offered(second).filter((name) => was.has(name))).toEqual(offered(first));
    const at = offered(second).findIndex((name) => !was.has(name));
    const prefix = (request: RecordedRequest) => JSON.stringify(request.body.tools!.slice(0, at));
    expect(prefix(second) === prefix(first)).toBe(true);
    const finished = events.flatMap((e) => (e.type === "tool_finished" ? [e] : []));
    expect(finished.map((e) => [e.name, e.result.success])).toEqual([
      ["find_tools", true],
      ["nas__disk_health", true],
    ]);
    expect(JSON.stringify(finished[0]!.result)).toContain("nas__disk_health");
    expect(result.text).toBe("The drives are fine.");
  });

  it("keeps offering a tool called earlier in the conversation on later turns", async () => {
    h120.llm.reset();
    h120.llm.script(
      { toolCalls: [{ name: "frigate__snapshot", arguments: { camera: "door" } }] },
      { text: "Here." },
    );
    const first = await turn(h120, "Show me the front door camera");
    h120.llm.script({ text: "Done." });
    await turn(h120, "Add eggs to the shopping list", first.conversationId);
    const later = h120.llm.requests.at(-1)!;
    expect(offered(later)).toContain("frigate__snapshot");
    expect(offered(later)).toContain("ha__HassShoppingListAddItem");
    expect(offered(later)).not.toContain("frigate__events");
    expect(SYNTHETIC_TOOLS.length + 19).toBe(120);
  });
});
