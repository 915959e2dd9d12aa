import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.js";
import { compactArguments, gist, Renderer } from "../../src/cli/render.js";

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
