import { describe, expect, it } from "vitest";
import { useScriptedCli } from "./cli-process.js";
import { CONTROL_CHARACTERS, CONVERSATION_LINE, lines } from "./patterns.js";

const cli = useScriptedCli();

describe("a one-shot message", () => {
  it("streams the answer to stdout and shows the tool call with its gist on stderr", async () => {
    cli.llm.script(
      { toolCalls: [{ name: "calculator", arguments: { expression: "2+2" } }] },
      { text: "2 + 2 is 4." },
    );

    const run = await cli.run(["what is 2+2?"]);

    expect(run.code).toBe(0);
    expect(run.stdout).toBe("2 + 2 is 4.\n");
    expect(run.stderr).toMatch(/^⚙ calculator \{"expression":"2\+2"\} → 4 \(\d+(\.\d)? m?s\)$/m);
    expect(run.stderr).toMatch(CONVERSATION_LINE);
    // Piped output holds no spinner, no colours.
    expect(run.stdout + run.stderr).not.toMatch(CONTROL_CHARACTERS);
  });

  it("shows a failed tool call's error, and continues the conversation given with -c", async () => {
    cli.llm.script({ text: "Hello." });
    const first = await cli.run(["hi"]);
    const id = CONVERSATION_LINE.exec(first.stderr)?.[1];
    expect(id).toBeDefined();

    cli.llm.script(
      { toolCalls: [{ name: "calculator", arguments: { expression: "1/" } }] },
      { text: "That did not work." },
    );
    const second = await cli.run(["-c", id!, "and 1/?"]);

    expect(second.code).toBe(0);
    expect(second.stdout).toBe("That did not work.\n");
    expect(second.stderr).toMatch(/^⚙ calculator \{"expression":"1\/"\} ✗ Could not calculate/m);
    expect(second.stderr).toContain(`conversation ${id}`);
    const history = cli.llm.requests[1]!.body.messages.map((m) => m.content);
    expect(history).toEqual(expect.arrayContaining(["hi", "Hello.", "and 1/?"]));
  });

  it("shows the retries while the model is failing", async () => {
    cli.llm.script({ status: 503 }, { text: "Back again." });

    const run = await cli.run(["hello"]);

    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Back again.\n");
    expect(run.stderr).toMatch(/^retrying 1\/2: .*503/m);
  });

  it("says in one line that the model failed, and exits with 1", async () => {
    cli.llm.script({ status: 401 });

    const run = await cli.run(["hello"]);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const errors = lines(run.stderr).filter((line) => !CONVERSATION_LINE.test(line));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error: .*refused the API key \(401\)/);
  });

  it("refuses an unknown conversation id in one line, with exit code 2", async () => {
    const run = await cli.run(["-c", "no-such-id", "hello"]);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      "error: No conversation with id no-such-id; leave out -c to start a new one.",
    ]);
    expect(cli.llm.requests).toHaveLength(0);
  });

  it("refuses an unknown option in one line, with exit code 2", async () => {
    const run = await cli.run(["--nope"]);

    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/^error: Unknown option '--nope'/);
  });
});
