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

/** [the importing file, what it imports] */
const ALLOWED = [
  ["src/server/routes/x.ts", "../../agent/assistant.js"],
  ["src/assist/ollama/x.ts", "../../http/errors.js"],
  ["src/assist/wyoming/x.ts", "../connection-slots.js"],
  ["src/agent/x.ts", "../llm/messages.js"],
  ["src/tools/home/x.ts", "../../reminders/service.js"],
  ["src/knowledge/x.ts", "../store/database.js"],
  ["src/net/x.ts", "../child-process/worker.js"],
  ["src/cli/chat.ts", "../compose.js"],
];
const UPWARD = [
  ["src/llm/x.ts", "../tools/contract.js"],
  ["src/store/x.ts", "../agent/events.js"],
  ["src/agent/x.ts", "../http/errors.js"],
  ["src/tools/general/json/x.ts", "../../../agent/events.js"],
  ["src/text/x.ts", "../net/fetch.js"],
  ["src/child-process/x.ts", "../tools/contract.js"],
  ["src/ha/x.ts", "../compose.js"],
];
const SIDEWAYS = [
  ["src/assist/ollama/x.ts", "../../server/errors.js"],
  ["src/server/routes/x.ts", "../../thinker/types.js"],
  ["src/cli/x.ts", "../server/app.js"],
  ["src/assist/ollama/x.ts", "../wyoming/handler.js"],
  ["src/assist/wyoming/x.ts", "../ollama/request.js"],
];

describe("the import-boundary lint rule", () => {
  it.each(ALLOWED)("lets %s import %s (down, or sideways where the layer allows it)", async (file, from) => {
    expect(await refused(file, from)).toBe(false);
  });

  it.each(UPWARD)("refuses %s importing %s, an arrow back up", async (file, from) => {
    expect(await refused(file, from)).toBe(true);
  });

  it.each(SIDEWAYS)("refuses %s importing %s, another entry point or adapter", async (file, from) => {
    expect(await refused(file, from)).toBe(true);
  });
});
