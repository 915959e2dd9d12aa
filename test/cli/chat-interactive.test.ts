import { describe, expect, it } from "vitest";
import { useScriptedCli } from "./cli-process.js";
import { CONTROL_CHARACTERS, CONVERSATION_LINE } from "./patterns.js";

const cli = useScriptedCli();

describe("the interactive chat", () => {
  it("answers each line of its input, in one conversation", async () => {
    cli.llm.script({ text: "First answer." }, { text: "Second answer." });

    const run = await cli.run([], "one\ntwo\n");

    expect(run.code).toBe(0);
    expect(run.stdout).toBe("First answer.\nSecond answer.\n");
    expect(cli.llm.requests).toHaveLength(2);
    const history = cli.llm.requests[1]!.body.messages.map((m) => m.content);
    expect(history).toEqual(expect.arrayContaining(["one", "First answer.", "two"]));
    expect(run.stderr.match(new RegExp(CONVERSATION_LINE, "gm"))).toHaveLength(1);
    expect(run.stdout + run.stderr).not.toMatch(CONTROL_CHARACTERS);
  });

  it("Ctrl-C cancels the running turn and the chat goes on; at the prompt it leaves", async () => {
    cli.llm.script({ text: "Endless story", stallAfterEvents: 2 }, { text: "Short one." });
    const chat = cli.start([]);
    chat.write("a story\n");
    await chat.waitFor("stdout", "Endless ");

    chat.interrupt();
    await chat.waitFor("stderr", "cancelled\n");
    chat.write("a short one\n");
    await chat.waitFor("stdout", "Short one.\n");
    chat.interrupt();
    const run = await chat.exited;

    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Endless \nShort one.\n");
    expect(cli.llm.requests).toHaveLength(2);
  });
});
