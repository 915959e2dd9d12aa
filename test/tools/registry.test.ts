import { describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLogger } from "../../src/logging/logger.js";
import { defineTool } from "../../src/tools/define-tool.js";
import {
  allowAllTools,
  AutonomousToolPolicy,
  whitelistPolicy,
  type ToolPolicy,
} from "../../src/tools/policy.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { testTools } from "../support/test-tools.js";
import { testTurn } from "../support/turn-context.js";

const { tools, stats } = testTools();
const registry = new ToolRegistry().register(...tools);
const options = { logger: silentLogger(), hardTimeoutMs: 5_000, turn: testTurn({ policy: allowAllTools }) };
/** The options of a call in a turn under `policy`. */
const under = (policy: ToolPolicy) => ({ ...options, turn: testTurn({ policy }) });
const call = (name: string, args: unknown) => ({ id: "c1", name, arguments: JSON.stringify(args) });

describe("ToolRegistry", () => {
  it("exports each tool's zod schema as JSON Schema", () => {
    const add = registry.definitions(allowAllTools).find((d) => d.name === "add")!;
    expect(add.parameters).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    });
  });

  it("offers a tool on the next listing once registered", () => {
    const local = new ToolRegistry().register(...tools);
    const extra = defineTool({ name: "late", description: "d", parameters: z.object({}), execute: () => 1 });
    expect(local.definitions(allowAllTools).map((d) => d.name)).not.toContain("late");
    local.register(extra);
    expect(local.definitions(allowAllTools).map((d) => d.name)).toContain("late");
  });

  it("replaces a group's tools (an MCP server's list), and marks them unavailable with a reason", async () => {
    const local = new ToolRegistry().register(...tools);
    const tool = (name: string) =>
      defineTool({ name, description: "d", parameters: z.object({}), execute: () => name });
    const offered = () => local.definitions(allowAllTools).map((d) => d.name);
    local.replaceGroup("nas", [tool("nas__a"), tool("nas__b")]);
    expect(offered()).toEqual(expect.arrayContaining(["nas__a", "nas__b"]));
    local.replaceGroup("nas", [tool("nas__b"), tool("nas__c")]);
    expect(offered()).not.toContain("nas__a");
    expect(offered()).toEqual(expect.arrayContaining(["nas__b", "nas__c"]));
    local.replaceGroup("nas", [tool("nas__b"), tool("nas__c")], "the NAS is not reachable");
    expect(offered().filter((name) => name.startsWith("nas__"))).toEqual([]);
    const refused = await local.execute(call("nas__b", {}), options);
    expect(refused).toEqual({
      success: false,
      error: expect.stringMatching(/unavailable: the NAS is not reachable/),
    });
    // A group cannot take a built-in tool's name.
    local.replaceGroup("x", [tool("add")]);
    expect((await local.execute(call("add", { a: 1, b: 2 }), options)).success).toBe(true);
  });

  it("refuses duplicate and invalid names", () => {
    expect(() => new ToolRegistry().register(tools[0]!, tools[0]!)).toThrow(/registered twice/);
    const bad = defineTool({
      name: "has space",
      description: "d",
      parameters: z.object({}),
      execute: () => 1,
    });
    expect(() => new ToolRegistry().register(bad)).toThrow(/Invalid tool name/);
  });

  it("enforces the policy on execution, not only on listing", async () => {
    const policy = whitelistPolicy("thinker", ["add"]);
    expect(registry.definitions(policy).map((d) => d.name)).toEqual(["add"]);
    expect(await registry.execute(call("add", { a: 1, b: 2 }), under(policy))).toEqual({
      success: true,
      data: { sum: 3 },
    });
    const refused = await registry.execute(call("explode", {}), under(policy));
    expect(refused).toMatchObject({ success: false, error: expect.stringMatching(/not allowed here/) });
  });

  it("runs a background thought's tools under the AutonomousToolPolicy: only those named, nobody watching", async () => {
    const watched = defineTool({
      name: "watched",
      description: "d",
      parameters: z.object({}),
      execute: (_args, ctx) => ({ autonomous: ctx.turn.policy.autonomous ?? false }),
    });
    const local = new ToolRegistry().register(...tools, watched);
    const policy = new AutonomousToolPolicy(["watched"]);
    expect(local.definitions(policy).map((d) => d.name)).toEqual(["watched"]);
    expect(await local.execute(call("watched", {}), under(policy))).toEqual({
      success: true,
      data: { autonomous: true },
    });
    expect(await local.execute(call("watched", {}), options)).toEqual({
      success: true,
      data: { autonomous: false },
    });
    expect(await local.execute(call("add", { a: 1, b: 2 }), under(policy))).toMatchObject({
      success: false,
      error: expect.stringMatching(/not allowed here \(policy "autonomous"\)/),
    });
  });

  it("never offers nor runs an attended-only tool (home_rule) to a background thought, whatever its whitelist", async () => {
    let ran = 0;
    const rules = defineTool({
      name: "home_rule",
      description: "d",
      parameters: z.object({}),
      attendedOnly: true,
      execute: () => ++ran,
    });
    const local = new ToolRegistry().register(...tools, rules);
    const policy = new AutonomousToolPolicy(["home_rule", "add"]);
    expect(local.definitions(policy).map((d) => d.name)).toEqual(["add"]);
    expect(await local.execute(call("home_rule", {}), under(policy))).toMatchObject({
      success: false,
      error: expect.stringMatching(/acts only when a person asks for it, never in a background thought/),
    });
    expect(ran).toBe(0);
    expect(await local.execute(call("home_rule", {}), options)).toEqual({ success: true, data: 1 });
  });

  it("neither offers nor runs a tool whose service is not configured, and names the setting", async () => {
    const local = new ToolRegistry()
      .register(...tools)
      .notConfigured([{ name: "add", setting: "CYRENE_ADD_URL" }]);
    expect(local.definitions(allowAllTools).map((d) => d.name)).not.toContain("add");
    expect(local.notConfiguredTools()).toEqual([{ name: "add", setting: "CYRENE_ADD_URL" }]);
    expect(await local.execute(call("add", { a: 1, b: 2 }), options)).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Tool "add" is not configured \(CYRENE_ADD_URL enables it\)/),
    });
  });

  it("aborts a call at the hard time limit and answers with an error", async () => {
    const aborted = stats.aborted;
    const result = await registry.execute(call("sleep", { ms: 10_000 }), { ...options, hardTimeoutMs: 50 });
    expect(result).toEqual({ success: false, error: "sleep did not finish within 50 ms and was stopped." });
    await new Promise((r) => setTimeout(r, 10));
    expect(stats.aborted).toBe(aborted + 1);
  });

  it("passes an outer abort on to the tool", async () => {
    const controller = new AbortController();
    const running = registry.execute(call("sleep", { ms: 10_000 }), {
      ...options,
      signal: controller.signal,
    });
    controller.abort("shutdown");
    expect(await running).toEqual({ success: false, error: "sleep was stopped: shutdown" });
  });

  it("neither offers nor runs a switched-off tool, whatever the policy", async () => {
    const local = new ToolRegistry().register(...tools).disable(["add"]);
    expect(local.definitions(allowAllTools).map((d) => d.name)).not.toContain("add");
    expect(local.disabledNames()).toEqual(["add"]);
    const refused = await local.execute(call("add", { a: 1, b: 2 }), options);
    expect(refused).toMatchObject({ success: false, error: expect.stringMatching(/switched off/) });
  });

  it("refuses to switch off a tool it does not know, naming the real ones", () => {
    expect(() => new ToolRegistry().register(...tools).disable(["ad"])).toThrow(
      /unknown tool ad; the tools are: sleep, add/,
    );
  });

  it("gives the same tool list for a policy until the tools change", () => {
    const local = new ToolRegistry().register(...tools);
    const first = local.definitions(allowAllTools);
    expect(local.definitions(allowAllTools)).toBe(first);
    local.disable(["sleep"]);
    expect(local.definitions(allowAllTools)).not.toBe(first);
  });
});
