import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import { startHarness, type Harness } from "../support/harness.js";
import { useWebFixture } from "../support/web.js";

const GENERAL_TOOLS = [
  "calculator",
  "datetime",
  "text",
  "crypto",
  "random",
  "markdown",
  "json",
  "file",
  "http",
  "web_search",
  "web_fetch",
];

const web = useWebFixture();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1", CYRENE_SEARXNG_URL: `${web.origin}/searxng` },
  });
});
afterAll(() => h.close());

describe("the built-in general tools", () => {
  it("are all registered and offered to the LLM", async () => {
    h.llm.script({ text: "hi" });
    await h.cyrene.assistant.turn({ message: "hi", source: "test", policy: allowAllTools }, () => {});
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(GENERAL_TOOLS));
    h.llm.reset();
  });

  it("all work when the LLM calls them through the loop in one parallel round", async () => {
    const calls = [
      { name: "calculator", arguments: { expression: "3 km to miles" } },
      { name: "datetime", arguments: { operation: "now" } },
      { name: "text", arguments: { operation: "count", text: "你好👋🏽 world" } },
      { name: "crypto", arguments: { operation: "hash", algorithm: "sha256", text: "abc" } },
      { name: "random", arguments: { operation: "integer", min: 1, max: 6 } },
      { name: "markdown", arguments: { operation: "headings", markdown: "# 标题\n## Two" } },
      { name: "json", arguments: { operation: "query", json: '{"a":{"b":[1,2,3]}}', expression: "a.b[1]" } },
      { name: "file", arguments: { operation: "write", path: "notes/购物.txt", content: "牛奶\n鸡蛋" } },
      { name: "http", arguments: { url: `${web.origin}/small-json` } },
      { name: "web_search", arguments: { query: "home assistant" } },
      { name: "web_fetch", arguments: { url: `${web.origin}/article` } },
    ];
    h.llm.script({ toolCalls: calls }, { text: "done" });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const outcome = await h.cyrene.assistant
      .turn({ message: "use everything", source: "test", policy: allowAllTools }, () => {})
      .finally(() => new Promise((resolve) => setImmediate(resolve)));
    process.off("warning", onWarning);
    expect(outcome.text).toBe("done");
    // Eleven calls in one round each wait on the run's signal: that is no leak, and no warning says so.
    expect(warnings).not.toContain("MaxListenersExceededWarning");
    const results = h.llm.requests[1]!.body.messages.filter((m) => m.role === "tool").map(
      (m) => JSON.parse(m.content as string) as { success: boolean; data?: unknown; error?: string },
    );
    expect(results).toHaveLength(GENERAL_TOOLS.length);
    results.forEach((result, i) =>
      expect(result, `${calls[i]!.name}: ${result.error}`).toMatchObject({ success: true }),
    );
    const text = JSON.stringify(results);
    expect(text).toContain("1.864"); // 3 km in miles
    expect(text).toContain("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(text).toContain("标题");
  });
});
