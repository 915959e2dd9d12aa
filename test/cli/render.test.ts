import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { compactArguments, gist, Renderer } from "../../src/cli/render.js";
import { greeting } from "../../src/cli/session.js";

class FakeTerminal {
  text = "";
  constructor(
    readonly isTTY: boolean,
    readonly columns = 80,
  ) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

const started: AgentEvent = {
  type: "tool_started",
  callId: "c1",
  name: "datetime",
  arguments: '{ "op": "now" }',
};
const finished: AgentEvent = {
  type: "tool_finished",
  callId: "c1",
  name: "datetime",
  durationMs: 12,
  result: { success: true, data: { iso: "2025-01-01T08:00:00+08:00" } },
};

let renderer: Renderer | undefined;
afterEach(() => renderer?.close());

function setup(tty: boolean, env: NodeJS.ProcessEnv = {}) {
  const out = new FakeTerminal(tty);
  const err = new FakeTerminal(tty);
  renderer = new Renderer(out, err, env);
  return { out, err, renderer };
}

describe("gist", () => {
  it("takes a telling field, a string as is, or the start of the compact JSON", () => {
    expect(gist({ expression: "2+2", result: "4" })).toBe("4");
    expect(gist("line one\n  line two")).toBe("line one line two");
    expect(gist({ a: 1, b: [1, 2] })).toBe('{"a":1,"b":[1,2]}');
    expect(gist(null)).toBe("null");
    const long = gist({ text: "x".repeat(200) });
    expect([...long]).toHaveLength(80);
    expect(long.endsWith("…")).toBe(true);
  });

  it("compacts a call's arguments, and shows broken JSON as it came", () => {
    expect(compactArguments('{ "expression": "2 + 2" }')).toBe('{"expression":"2 + 2"}');
    expect(compactArguments('{"broken": ')).toBe('{"broken":');
  });
});

describe("the renderer", () => {
  it("writes no control characters when stderr is not a terminal", () => {
    const { out, err, renderer } = setup(false);
    renderer.event({ type: "status", state: "waiting", message: "waiting for the model" });
    renderer.event({ type: "text", text: "Let me look." });
    renderer.event(started);
    renderer.event(finished);
    renderer.event({
      type: "status",
      state: "retrying",
      message: "retrying 1/2: boom",
      attempt: 1,
      of: 2,
    });
    renderer.event({ type: "text", text: "It is 8." });
    renderer.endTurn({ error: { kind: "server", message: "The model\nfailed." } });

    expect(out.text).toBe("Let me look.It is 8.\n");
    expect(err.text).toBe(
      '\n⚙ datetime {"op":"now"} → {"iso":"2025-01-01T08:00:00+08:00"} (12 ms)\n' +
        "retrying 1/2: boom\n" +
        "error: The model failed.\n",
    );
  });

  it("on a terminal, spins while waiting and clears the spinner before anything else", () => {
    const { out, err, renderer } = setup(true);
    const waiting: AgentEvent = { type: "status", state: "waiting", message: "waiting for the model" };
    renderer.event(waiting);
    expect(err.text).toMatch(/^\r\x1b\[2m. waiting for the model\x1b\[0m\x1b\[K$/); // eslint-disable-line no-control-regex
    renderer.event(started);
    expect(err.text).toContain("running datetime");
    renderer.event(finished);
    renderer.event(waiting);
    renderer.event({ type: "text", text: "Done." });
    renderer.endTurn({});

    expect(err.text.endsWith("\r\x1b[K")).toBe(true); // the spinner's line is cleared for the answer
    expect(err.text).toContain("\x1b[2m⚙ datetime");
    expect(out.text).toBe("Done.\n");
  });

  it("says a cancelled turn was cancelled, not that it failed", () => {
    const { err, renderer } = setup(false);
    renderer.cancel();
    renderer.endTurn({ error: { kind: "aborted", message: "The request was cancelled." } });
    expect(err.text).toBe("cancelling… (Ctrl-C again to quit)\ncancelled\n");
  });

  it("leaves colours out with NO_COLOR", () => {
    const { err, renderer } = setup(true, { NO_COLOR: "1" });
    renderer.error("bad");
    expect(err.text).toBe("error: bad\n");
  });
});

describe("the answer's Markdown", () => {
  const stream = (tty: boolean, pieces: string[]) => {
    const { out, renderer } = setup(tty);
    for (const text of pieces) renderer.event({ type: "text", text });
    renderer.close();
    return out.text;
  };
  const answer = [
    "# Distance\n",
    "3 km is **1.86 miles** (see [the table](https://example.com/units)).\n",
    "- `km` to miles\n",
    "- *roughly* 1.9\n",
    "> rounded\n",
    "```\n",
    "3 * 0.621 = **1.86**\n",
    "```\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n",
    "Done_now and snake_case stay.",
  ];

  it("is plain text in a pipe: no stars, hashes, fences or link syntax", () => {
    expect(stream(false, answer)).toBe(
      [
        "Distance",
        "3 km is 1.86 miles (see the table (https://example.com/units)).",
        "• km to miles",
        "• roughly 1.9",
        "│ rounded",
        "    3 * 0.621 = **1.86**",
        "| a | b |",
        "┼───┼───┼",
        "| 1 | 2 |",
        "Done_now and snake_case stay.",
        "",
      ].join("\n"),
    );
  });

  it("is the same text split anywhere, as a stream arrives", () => {
    const whole = answer.join("");
    const byChar = [...whole];
    expect(stream(false, byChar)).toBe(stream(false, [whole]));
    expect(stream(false, [whole.slice(0, 17), whole.slice(17, 60), whole.slice(60)])).toBe(
      stream(false, [whole]),
    );
  });

  it("is bold and styled on a terminal", () => {
    const text = stream(true, ["It is **1.86 miles**.\n"]);
    expect(text).toBe("It is \x1b[1m1.86 miles\x1b[0m.\n");
  });

  it("streams plain words at once and holds only what may still become Markdown", () => {
    const { out, renderer: r } = setup(false);
    r.event({ type: "text", text: "Partial answer " });
    expect(out.text).toBe("Partial answer ");
    r.event({ type: "text", text: "with **bo" });
    expect(out.text).toBe("Partial answer with ");
    r.event({ type: "text", text: "ld** words\n" });
    expect(out.text).toBe("Partial answer with bold words\n");
  });
});

describe("the interactive chat's greeting", () => {
  it("is one line that says how to leave", () => {
    expect(greeting("deepseek-v4-flash")).toBe(
      "Cyrene (deepseek-v4-flash), a new conversation. Type a message; an empty line, Ctrl-D or Ctrl-C leaves.",
    );
    expect(greeting("m", "abc")).toMatch(/^Cyrene \(m\), continuing conversation abc\. /);
  });
});
