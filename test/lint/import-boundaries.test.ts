import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The import-boundary rule of eslint.config.js, on one import line put in a file of src/. */
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
async function refused(file: string, from: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from "${from}";\nexport const y = x;\n`, {
    filePath: file,
  });
  return result!.messages.some((message) => message.ruleId === "no-restricted-imports");
}

describe("the import-boundary lint rule", () => {
  it("lets an arrow point down or sideways where the layer allows it", async () => {
    expect(await refused("src/server/routes/x.ts", "../../agent/assistant.js")).toBe(false);
    expect(await refused("src/assist/ollama/x.ts", "../../http/errors.js")).toBe(false);
    expect(await refused("src/assist/wyoming/x.ts", "../connection-slots.js")).toBe(false);
    expect(await refused("src/agent/x.ts", "../llm/messages.js")).toBe(false);
    expect(await refused("src/tools/home/x.ts", "../../reminders/service.js")).toBe(false);
    expect(await refused("src/knowledge/x.ts", "../store/database.js")).toBe(false);
    expect(await refused("src/net/x.ts", "../child-worker.js")).toBe(false);
    expect(await refused("src/cli/chat.ts", "../compose.js")).toBe(false);
  });

  it("refuses an arrow that runs back up", async () => {
    expect(await refused("src/llm/x.ts", "../tools/contract.js")).toBe(true);
    expect(await refused("src/store/x.ts", "../agent/events.js")).toBe(true);
    expect(await refused("src/agent/x.ts", "../http/errors.js")).toBe(true);
    expect(await refused("src/tools/general/json/x.ts", "../../../agent/events.js")).toBe(true);
    expect(await refused("src/text/x.ts", "../net/fetch.js")).toBe(true);
    expect(await refused("src/ha/x.ts", "../compose.js")).toBe(true);
  });

  it("refuses an entry point importing another, and one Assist adapter importing the other", async () => {
    expect(await refused("src/assist/ollama/x.ts", "../../server/errors.js")).toBe(true);
    expect(await refused("src/server/routes/x.ts", "../../thinker/types.js")).toBe(true);
    expect(await refused("src/cli/x.ts", "../server/app.js")).toBe(true);
    expect(await refused("src/assist/ollama/x.ts", "../wyoming/handler.js")).toBe(true);
    expect(await refused("src/assist/wyoming/x.ts", "../ollama/request.js")).toBe(true);
  });
});
