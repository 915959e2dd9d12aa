import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the lint script, without types
import { checkImports } from "../../scripts/dev/imports.mjs";

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * The import rules of .dependency-cruiser.cjs (through scripts/dev/imports.mjs, as `npm run lint` runs
 * them) on a small src/ tree made for the test: each case is one importing file and what it imports.
 */
type Case = [file: string, line: string];

const ALLOWED: Case[] = [
  ["src/server/routes/a1.ts", 'import { x } from "../../agent/assistant.js";'],
  ["src/assist/ollama/a2.ts", 'import { x } from "../../http/errors.js";'],
  ["src/assist/wyoming/a3.ts", 'import { x } from "../connection-slots.js";'],
  ["src/agent/a4.ts", 'import { x } from "../llm/messages.js";'],
  ["src/tools/home/a5.ts", 'import { x } from "../../reminders/index.js";'],
  ["src/knowledge/a6.ts", 'import { x } from "../store/database.js";'],
  ["src/net/a7.ts", 'import { x } from "../child-process/worker.js";'],
  ["src/tools/a11.ts", 'import { x } from "../domain-error.js";'],
  ["src/cli/a8.ts", 'import { x } from "../compose.js";'],
  ["src/tools/a9.ts", 'import { x } from "../knowledge/index.js";'],
  ["src/agent/a10.ts", 'export async function f() { return import("../tools/contract.js"); }'],
];
const UPWARD: Case[] = [
  ["src/llm/u1.ts", 'import { x } from "../tools/contract.js";'],
  ["src/store/u2.ts", 'import type { x } from "../agent/events.js";'],
  ["src/agent/u3.ts", 'import { x } from "../http/errors.js";'],
  ["src/tools/general/json/u4.ts", 'import { x } from "../../../agent/events.js";'],
  ["src/text/u5.ts", 'import { x } from "../net/fetch.js";'],
  ["src/child-process/u6.ts", 'import { x } from "../agent/events.js";'],
  ["src/domain-error.ts", 'import { x } from "./http/errors.js";'],
  ["src/llm/u8.ts", 'export async function f() { return import("../tools/contract.js"); }'],
  ["src/time/u9.ts", 'export { x } from "../store/database.js";'],
];
const SIDEWAYS: Case[] = [
  ["src/assist/ollama/s1.ts", 'import { x } from "../../server/errors.js";'],
  ["src/server/routes/s2.ts", 'import { x } from "../../thinker/index.js";'],
  ["src/cli/s3.ts", 'import { x } from "../server/app.js";'],
  ["src/assist/ollama/s4.ts", 'import { x } from "../wyoming/handler.js";'],
  ["src/assist/wyoming/s5.ts", 'export async function f() { return import("../ollama/request.js"); }'],
  ["src/cli/s6.ts", 'import { x } from "../listeners.js";'],
  ["src/ha/s7.ts", 'import { x } from "../compose.js";'],
];
const PAST_THE_INDEX: Case[] = [
  ["src/tools/i1.ts", 'import { x } from "../knowledge/tokens.js";'],
  ["src/agent/i2.ts", 'import type { x } from "../ha/resolve.js";'],
  ["src/compose-i3.ts", 'import { x } from "./mcp-client/connection.js";'],
];

const root = mkdtempSync(join(tmpdir(), "cyrene-imports-"));
let result: { violations: Violation[]; folderCycles: string[][] };

function write(file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** The file an import names, so that it resolves. */
function target(file: string, line: string): string {
  const spec = /["']([^"']+)["']/.exec(line)![1]!;
  return join(dirname(file), spec).replace(/\.js$/, ".ts");
}

beforeAll(async () => {
  const cases = [...ALLOWED, ...UPWARD, ...SIDEWAYS, ...PAST_THE_INDEX];
  for (const [file, line] of cases) write(target(file, line), "export const x = 1;\n");
  for (const [file, line] of cases) write(file, `${line}\nexport const y = 1;\n`);
  // Two files in a circle through a type, and two folders in a circle through their indexes.
  write("src/agent/c1.ts", 'import type { B } from "./c2.js";\nexport type A = { b?: B };\n');
  write("src/agent/c2.ts", 'import type { A } from "./c1.js";\nexport type B = { a?: A };\n');
  write("src/notify/index.ts", 'export { y } from "../reminders/index.js";\n');
  write("src/reminders/index.ts", 'import { z } from "../notify/index.js";\nexport const y = z;\n');
  result = await checkImports(root);
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const refusals = (file: string) => result.violations.filter((violation) => violation.from === file);

describe("the import rules", () => {
  it.each(ALLOWED)("let %s %s (down, or sideways where the layer allows it)", (file) => {
    expect(refusals(file)).toEqual([]);
  });

  it.each(UPWARD)("refuse in %s: %s, an arrow back up", (file) => {
    expect(refusals(file).map((v) => v.rule)).toContain("no-import-up");
  });

  it.each(SIDEWAYS)("refuse in %s: %s, another entry point, an adapter or the root", (file) => {
    expect(refusals(file).map((v) => v.rule)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(no-import-sideways|no-adapter-to-adapter|only-the-root)/),
      ]),
    );
  });

  it.each(PAST_THE_INDEX)("refuse in %s: %s, past a folder's index", (file) => {
    expect(refusals(file).map((v) => v.rule)).toContain("only-through-index");
  });

  it("refuse files in a circle, even through types only", () => {
    expect(refusals("src/agent/c1.ts").map((v) => v.rule)).toContain("no-circular");
  });

  it("refuse folders in a circle", () => {
    expect(result.folderCycles).toContainEqual(["notify", "reminders"]);
  });
});
