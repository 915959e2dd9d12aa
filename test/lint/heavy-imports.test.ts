import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The heavy-library rule of eslint.config.js, on one line put in a file of src/. */
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
async function refusal(file: string, line: string): Promise<string | undefined> {
  const [result] = await eslint.lintText(`${line}\n`, { filePath: file });
  return result!.messages.find((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    ?.message;
}

const AT_BOOT = [
  ["src/llm/x.ts", 'import OpenAI from "openai";\nexport const sdk = OpenAI;'],
  ["src/llm/x.ts", 'import { toLlmError } from "./sdk-errors.js";\nexport const read = toLlmError;'],
  ["src/net/x.ts", 'import { PAGE_SCAN } from "./page-scan.js";\nexport const scan = PAGE_SCAN;'],
  ["src/tools/general/x.ts", 'import MarkdownIt from "markdown-it";\nexport const md = MarkdownIt;'],
];
const ON_FIRST_USE = [
  ["src/llm/x.ts", 'import type OpenAI from "openai";\nexport type Sdk = OpenAI;'],
  ["src/llm/x.ts", 'export const load = () => import("openai");'],
  ["src/llm/sdk-errors.ts", 'import { APIError } from "openai";\nexport const E = APIError;'],
  ["test/llm/x.test.ts", 'import OpenAI from "openai";\nexport const sdk = OpenAI;'],
];

describe("the heavy-library lint rule", () => {
  it.each(AT_BOOT)("refuses %s loading a heavy library at boot: %s", async (file, line) => {
    expect(await refusal(file, line)).toMatch(/await import\(\)/);
  });

  it.each(ON_FIRST_USE)(
    "lets %s write %s (a type, an await import(), a module itself loaded on first use, or a test)",
    async (file, line) => {
      expect(await refusal(file, line)).toBeUndefined();
    },
  );
});
