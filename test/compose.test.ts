import { describe, expect, it } from "vitest";
import { allowAllTools } from "../src/tools/policy.js";
import { startHarness } from "./support/harness.js";

describe("tools switched off by the user", () => {
  it("are neither offered to the LLM nor run when it calls one anyway", async () => {
    const h = await startHarness({ env: { CYRENE_TOOLS_DISABLED: "http, file" } });
    try {
      h.llm.script(
        { toolCalls: [{ name: "http", arguments: { url: "https://example.com" } }] },
        { text: "ok" },
      );
      await h.cyrene.assistant.turn({ message: "fetch it", source: "test", policy: allowAllTools }, () => {});
      const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
      expect(offered).not.toContain("http");
      expect(offered).not.toContain("file");
      expect(offered).toContain("calculator");
      const result = h.llm.requests[1]!.body.messages.at(-1)!;
      expect(JSON.parse(result.content as string)).toMatchObject({
        success: false,
        error: expect.stringMatching(/switched off in Cyrene's settings/),
      });
    } finally {
      await h.close();
    }
  });

  it("must be real tool names: a typo stops the start with the list of tools", async () => {
    await expect(startHarness({ env: { CYRENE_TOOLS_DISABLED: "htp" } })).rejects.toThrow(
      /tools\.disabled .*unknown tool htp; the tools are: calculator, datetime/,
    );
  });

  it("a thought's tools must be real tool names too", async () => {
    await expect(startHarness({ env: { CYRENE_THINKER_TOOLS: "calculator, clock" } })).rejects.toThrow(
      /thinker\.tools .*unknown tool clock; the tools are: calculator, datetime/,
    );
  });

  it("a thought may name an MCP server's tools, or all of them as <server>__*, only for a configured server", async () => {
    const servers = JSON.stringify([{ name: "nas", url: "http://127.0.0.1:9/mcp" }]);
    const h = await startHarness({
      env: { CYRENE_MCP_SERVERS: servers, CYRENE_THINKER_TOOLS: "calculator, nas__*, nas__list_files" },
    });
    await h.close();
    await expect(
      startHarness({ env: { CYRENE_MCP_SERVERS: servers, CYRENE_THINKER_TOOLS: "music__*" } }),
    ).rejects.toThrow(/thinker\.tools .*unknown tool music__\*/);
  });
});
