import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The current-time rule of eslint.config.js, on one line put in a file of src/. */
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
async function refusal(file: string, line: string): Promise<string | undefined> {
  const [result] = await eslint.lintText(`${line}\n`, { filePath: file });
  return result!.messages.find((message) => message.ruleId === "no-restricted-syntax")?.message;
}

const READS_NOW = [
  ["src/store/x.ts", "export const stamp = Date.now();"],
  ["src/reminders/x.ts", "export const today = new Date();"],
  ["src/tools/general/x.ts", "export const now: () => number = Date.now;"],
  ["src/assist/ollama/x.ts", "export const createdAt = new Date().toISOString();"],
];
const ALLOWED = [
  ["src/store/x.ts", "export const at = (instant: number) => new Date(instant).toISOString();"],
  ["src/cli/x.ts", "export const started = performance.now();"],
  ["src/store/x.ts", 'export const parsed = Date.parse("2026-12-04T05:00:00Z");'],
  ["src/time/x.ts", "export const now = () => Date.now();"],
  ["test/store/x.test.ts", "export const stamp = Date.now();"],
];

describe("the current-time lint rule", () => {
  it.each(READS_NOW)("refuses %s reading the system's time: %s, and says what to use", async (file, line) => {
    const message = await refusal(file, line);
    expect(message).toMatch(/HomeTime's now\(\)/);
    expect(message).toMatch(/performance\.now\(\)/);
  });

  it.each(ALLOWED)(
    "lets %s write %s (a given instant, a duration, or inside src/time)",
    async (file, line) => {
      expect(await refusal(file, line)).toBeUndefined();
    },
  );
});
