import { describe, expect, it } from "vitest";
import { annotationsFor } from "../../src/mcp-server/annotations.js";
import { mcpPolicy } from "../../src/mcp-server/policy.js";
import { startHarness } from "../support/harness.js";

describe("the mcp policy", () => {
  const names = ["calculator", "file", "http", "iot_control", "reminder_create"];

  it("allows every tool but file and http by default, with confirm_action", () => {
    const policy = mcpPolicy(names, undefined);
    expect(names.filter((n) => policy.allows(n))).toEqual(["calculator", "iot_control", "reminder_create"]);
    expect(policy.allows("confirm_action")).toBe(true);
    expect(policy.autonomous).toBe(false);
  });

  it("takes the whitelist as given; without confirm_action nobody can say yes, so it is autonomous", () => {
    const policy = mcpPolicy(names, ["file", "iot_control"]);
    expect(names.filter((n) => policy.allows(n))).toEqual(["file", "iot_control"]);
    expect(policy.autonomous).toBe(true);
  });

  it("derives annotations from each tool's kind; an unknown tool is assumed to change things", () => {
    expect(annotationsFor("iot_query")).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(annotationsFor("reminder_create")).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(annotationsFor("iot_control")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotationsFor("web_fetch")).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(annotationsFor("someone_elses")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("refuses an unknown tool in mcp_tools at start, naming the setting", async () => {
    await expect(startHarness({ env: { CYRENE_MCP_TOOLS: "calculator,calculater" } })).rejects.toThrow(
      /mcp\.tools \(CYRENE_MCP_TOOLS, option "mcp_tools"\).*unknown tool calculater/,
    );
  });
});
