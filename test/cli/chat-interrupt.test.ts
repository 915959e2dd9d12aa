import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useScriptedCli } from "./cli-process.js";
import { CONVERSATION_LINE } from "./patterns.js";

const cli = useScriptedCli();

describe("Ctrl-C in a one-shot chat", () => {
  it("cancels the turn, keeps what was shown, and exits with 130", async () => {
    cli.llm.script({ text: "Partial answer that never ends", stallAfterEvents: 2 });
    const chat = cli.start(["tell me a story"]);
    await chat.waitFor("stdout", "Partial ");

    chat.interrupt();
    const run = await chat.exited;

    expect(run.code).toBe(130);
    expect(run.stdout).toBe("Partial \n");
    expect(run.stderr).toMatch(/^cancelled$/m);
    expect(run.stderr).toMatch(CONVERSATION_LINE);
    expect(run.stderr).not.toMatch(/^error:/m);
  });

  describe("with a slow tool", () => {
    let slow: SlowServer;
    const web = { CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1" };
    beforeEach(async () => {
      slow = await SlowServer.start();
    });
    afterEach(async () => {
      await slow.close();
    });

    it("a second Ctrl-C quits while the first still waits for the tool", async () => {
      cli.llm.script({ toolCalls: [{ name: "http", arguments: { url: slow.url } }] });
      const chat = cli.start(["fetch it"], {
        ...web,
        CYRENE_TOOL_TIMEOUT_SECONDS: "60",
        CYRENE_WEB_TIMEOUT_SECONDS: "60",
      });
      await slow.requested;

      chat.interrupt();
      await chat.waitFor("stderr", "cancelling… (Ctrl-C again to quit)");
      chat.interrupt();
      const run = await chat.exited;

      expect(run.code).toBe(130);
      expect(cli.llm.requests).toHaveLength(1);
    });

    it("a call that outlives the time limit is shown as going on in the background", async () => {
      slow.answerAfterMs = 2_000;
      cli.llm.script(
        { toolCalls: [{ name: "http", arguments: { url: slow.url } }] },
        { text: "Still fetching." },
      );

      const run = await cli.run(["fetch it"], "", { ...web, CYRENE_TOOL_TIMEOUT_SECONDS: "1" });

      expect(run.code).toBe(0);
      expect(run.stdout).toBe("Still fetching.\n");
      expect(run.stderr).toMatch(
        /^⚙ http \{"url":"http:\/\/127\.0\.0\.1:\d+\/slow"\} … continues in the background/m,
      );
      // Leaving waits for the call, so its result is stored for the next turn.
      expect(run.stderr).toContain("waiting for calls still running in the background");
      expect(slow.answered).toBe(true);
    });
  });
});

/** An HTTP server whose answer takes its time, or never comes. */
class SlowServer {
  answerAfterMs: number | undefined;
  answered = false;
  readonly requested: Promise<void>;
  private onRequest!: () => void;
  private readonly waiting = new Set<ServerResponse>();

  private constructor(private readonly server: Server) {
    this.requested = new Promise((resolve) => (this.onRequest = resolve));
    server.on("request", (_req, res: ServerResponse) => {
      this.onRequest();
      this.waiting.add(res);
      if (this.answerAfterMs === undefined) return;
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" }).end('{"done":true}');
        this.answered = true;
      }, this.answerAfterMs);
    });
  }

  static async start(): Promise<SlowServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return new SlowServer(server);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/slow`;
  }

  async close(): Promise<void> {
    for (const res of this.waiting) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
