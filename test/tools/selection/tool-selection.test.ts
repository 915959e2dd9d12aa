import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/llm/messages.js";
import { allowAllTools, whitelistPolicy } from "../../../src/tools/policy.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { ToolIndex } from "../../../src/tools/selection/tool-index.js";
import { TOOL_SELECTION, ToolSelection } from "../../../src/tools/selection/tool-selection.js";
import { LABELLED_REQUESTS } from "../../fixtures/many-tools/requests.js";
import { SYNTHETIC_TOOLS, syntheticTools } from "../../fixtures/many-tools/tools.js";

const user = (content: string): ChatMessage => ({ role: "user", content });
const names = (definitions: { name: string }[]) => definitions.map((d) => d.name);

/** A registry whose first 10 synthetic tools stand for the built-in core. */
function registry(count = SYNTHETIC_TOOLS.length) {
  const tools = syntheticTools(SYNTHETIC_TOOLS.slice(0, count));
  return new ToolRegistry().register(...tools).markCore(names(SYNTHETIC_TOOLS.slice(0, 10)));
}

describe("the tool selector", () => {
  it(`finds the tool a request needs among ${SYNTHETIC_TOOLS.length} in its top ${TOOL_SELECTION.relevant}, in English and Chinese (recall ≥ 95 %)`, () => {
    const index = new ToolIndex(SYNTHETIC_TOOLS, () => false);
    const missed = LABELLED_REQUESTS.filter(({ text, expected }) => {
      const top = index.rank(text).slice(0, TOOL_SELECTION.relevant);
      return !top.some((i) => expected.includes(SYNTHETIC_TOOLS[i]!.name));
    });
    expect(LABELLED_REQUESTS).toHaveLength(60);
    expect(LABELLED_REQUESTS.filter((r) => /\p{Script=Han}/u.test(r.text)).length).toBe(30);
    expect(
      1 - missed.length / LABELLED_REQUESTS.length,
      missed.map((r) => r.text).join(" | "),
    ).toBeGreaterThanOrEqual(0.95);
  });

  it("offers a list that fits the budget whole: the registry's own array, without find_tools", () => {
    const small = registry(15);
    const offer = new ToolSelection(small).forTurn(allowAllTools, [user("play some jazz")]);
    expect(offer.definitions()).toBe(small.definitions(allowAllTools));
    expect(offer.answer({ id: "1", name: "find_tools", arguments: '{"query":"nas"}' })).toBeUndefined();
  });

  it("cuts a long list to the core, find_tools and the turn's tools, in the registry's order", () => {
    const big = registry();
    const offered = names(
      new ToolSelection(big)
        .forTurn(allowAllTools, [user("How much free space is left on the NAS?")])
        .definitions(),
    );
    const core = names(SYNTHETIC_TOOLS.slice(0, 10));
    expect(offered.slice(0, 11)).toEqual([...core, "find_tools"]);
    expect(offered).toContain("nas__storage_usage");
    expect(offered.length).toBeLessThanOrEqual(11 + TOOL_SELECTION.relevant);
    const rest = offered.slice(11);
    const order = big.names();
    expect([...rest].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(rest);
  });

  it("keeps offering a tool called earlier in the conversation, whatever the new message is about", () => {
    const history: ChatMessage[] = [
      user("is the NAS healthy?"),
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "nas__disk_health", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: '{"success":true}' },
      user("and turn on the kitchen light"),
    ];
    const offered = names(new ToolSelection(registry()).forTurn(allowAllTools, history).definitions());
    expect(offered).toContain("nas__disk_health");
    expect(offered).toContain("ha__HassTurnOn");
  });

  it("answers find_tools with matching tools it then offers, and only tools the policy allows", async () => {
    const big = registry();
    const allowed = whitelistPolicy(
      "some",
      names(SYNTHETIC_TOOLS).filter((name) => name !== "nas__start_backup"),
    );
    const offer = new ToolSelection(big).forTurn(allowed, [user("hello")]);
    const before = offer.definitions();
    const result = await offer.answer({ id: "1", name: "find_tools", arguments: '{"query":"NAS backup"}' });
    expect(result?.success).toBe(true);
    const found = names((result as { data: { tools: { name: string }[] } }).data.tools);
    expect(found).toContain("nas__backup_status");
    expect(found).not.toContain("nas__start_backup");
    expect(offer.definitions()).not.toBe(before);
    expect(names(offer.definitions())).toEqual(expect.arrayContaining(found));
    expect(offer.answer({ id: "2", name: "find_tools", arguments: "{}" })).toMatchObject({ success: false });
    expect(offer.answer({ id: "3", name: "nas__backup_status", arguments: "{}" })).toBeUndefined();
  });
});
