import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/** `npm run eval -- …` as it runs (tsx), up to its argument parsing: nothing here starts HA or a model. */
async function evalCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "eval/cli.ts", ...args],
      { timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe("npm run eval's arguments", () => {
  it("--help prints the usage, every option in it, and no stack trace", async () => {
    const { code, stdout, stderr } = await evalCli("--help");
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^Usage:\n {2}npm run eval -- --model NAME/);
    for (const option of ["--model", "--scripted", "--markdown", "--json", "--home", "--subset", "--limit"])
      expect(stdout).toContain(option);
    for (const option of ["--failures", "--sim", "--help"]) expect(stdout).toContain(option);
  });

  it("an unknown option names itself and the usage, exit code 2, no stack trace", async () => {
    const { code, stdout, stderr } = await evalCli("--scripted", "whole", "--frobnicate");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^eval: unknown option --frobnicate\n\nUsage:\n/);
    expect(stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
  });

  it("an option without its value, or a stray argument, says so with the usage", async () => {
    const [missing, stray] = await Promise.all([evalCli("--limit"), evalCli("whole")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^eval: Option '--limit <value>' argument missing\n\nUsage:/);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/^eval: Unexpected argument 'whole'.*\n\nUsage:/);
  });
});
