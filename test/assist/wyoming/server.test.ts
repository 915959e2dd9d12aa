import type { Server } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WyomingDeps } from "../../../src/assist/wyoming/server.js";
import { trustedSource } from "../../../src/http/source-access.js";
import { startHarness, type Harness } from "../../support/harness.js";
import { testTools } from "../../support/test-tools.js";
import { utter, WyomingClient } from "./client.js";
import { wyomingServerWith } from "./server-with.js";

describe("the Wyoming handle server over TCP", () => {
  let h: Harness;
  const extra: Server[] = [];

  beforeAll(async () => {
    h = await startHarness({ assist: true, tools: testTools().tools });
  });
  afterAll(() => h?.close());
  beforeEach(() => h.llm.reset());
  afterEach(async () => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
    await Promise.all(extra.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Another Wyoming server on the harness's Cyrene, with settings of the test's own. */
  async function serverWith(overrides: Partial<WyomingDeps>, host = "127.0.0.1"): Promise<number> {
    const { server, port } = await wyomingServerWith(h, overrides, host);
    extra.push(server);
    return port;
  }

  it("answers describe with an installed handle program whose model lists the configured languages", async () => {
    const client = await WyomingClient.connect(h.wyomingPort);
    client.send({ type: "describe" });
    const info = await client.next("info");
    client.close();
    const [program] = info!.data.handle as Record<string, unknown>[];
    expect(info!.data.intent).toEqual([]);
    expect(info!.data).not.toHaveProperty("satellite");
    expect(program).toMatchObject({
      name: "Cyrene",
      installed: true,
      description: expect.any(String),
      version: expect.any(String),
      attribution: { name: expect.any(String), url: expect.stringMatching(/^https:\/\//) },
      supports_handled_streaming: false,
      models: [
        {
          name: "cyrene",
          installed: true,
          description: expect.any(String),
          version: expect.any(String),
          attribution: { name: expect.any(String), url: expect.any(String) },
          languages: [
            "en",
            "en-US",
            "en-GB",
            "zh",
            "zh-CN",
            "zh-Hans",
            "zh-Hant",
            "zh-TW",
            "zh-HK",
            "de",
            "de-DE",
            "fr",
            "fr-FR",
          ],
        },
      ],
    });
  });

  it("answers a transcript with handled, in a conversation stored under HA's conversation id", async () => {
    h.llm.script({ text: "你好，我是 Cyrene。" });
    const answer = await utter(h.wyomingPort, "你好", "01JWYOMING000000000000000A");
    expect(answer).toEqual({ type: "handled", data: { text: "你好，我是 Cyrene。" } });
    const id = h.cyrene.conversations.findExternal("wyoming", "01JWYOMING000000000000000A");
    expect(h.cyrene.conversations.get(id!)?.source).toBe("wyoming");
    // The LLM was asked for a reply fit to be spoken.
    const note = h.llm.requests[0]!.body.messages.at(-2)!;
    expect(note.content).toMatch(/spoken aloud/);
  });

  it("continues the conversation across connections with the same conversation id, and only then", async () => {
    h.llm.script({ text: "记住了：蓝色。" }, { text: "你喜欢蓝色。" }, { text: "我不知道。" });
    await utter(h.wyomingPort, "我喜欢蓝色", "01JWYOMING000000000000000B");
    const second = await utter(h.wyomingPort, "我喜欢什么颜色？", "01JWYOMING000000000000000B");
    expect(second.data.text).toBe("你喜欢蓝色。");
    const said = (i: number) => h.llm.requests[i]!.body.messages.map((m) => m.content);
    expect(said(1)).toEqual(expect.arrayContaining(["我喜欢蓝色", "记住了：蓝色。", "我喜欢什么颜色？"]));
    await utter(h.wyomingPort, "我喜欢什么颜色？", "01JWYOMING000000000000000C");
    expect(said(2)).not.toContain("我喜欢蓝色");
  });

  it("strips Markdown, emoji and links from the text HA will speak", async () => {
    h.llm.script({ text: "**好的** 😀\n\n- 客厅灯：开\n- 详情见 [这里](https://example.com/x)" });
    const answer = await utter(h.wyomingPort, "客厅灯开着吗", "01JWYOMING000000000000000D");
    expect(answer.data.text).toBe("好的\n客厅灯：开\n详情见 这里");
  });

  it("answers not-handled, in the user's language, when the LLM fails", async () => {
    h.llm.script({ status: 401 }, { status: 401 });
    expect(await utter(h.wyomingPort, "打开客厅灯")).toEqual({
      type: "not-handled",
      data: { text: "抱歉，我现在无法回答，请稍后再试。" },
    });
    expect((await utter(h.wyomingPort, "turn on the lamp")).type).toBe("not-handled");
  });

  it("speaks the language the transcript names, else the one its words show", async () => {
    const ask = async (data: Record<string, unknown>) => {
      const client = await WyomingClient.connect(h.wyomingPort);
      try {
        client.send({ type: "transcript", data });
        return await client.next("handled", "not-handled");
      } finally {
        client.close();
      }
    };
    expect(await ask({ text: "", language: "de" })).toEqual({
      type: "not-handled",
      data: { text: "Entschuldige, das habe ich nicht verstanden." },
    });
    h.llm.script({ status: 401 }, { status: 401 }, { status: 401 });
    expect((await ask({ text: "allume la lampe", language: "fr-FR" }))?.data.text).toBe(
      "Désolé, je ne peux pas répondre pour le moment. Réessayez plus tard.",
    );
    expect((await ask({ text: "Schalte die Lampe im Wohnzimmer ein" }))?.data.text).toBe(
      "Ich kann gerade leider nicht antworten. Bitte versuch es später noch einmal.",
    );
    // Dutch has no pack: Cyrene's own words are the one fallback, English.
    expect((await ask({ text: "zet de lamp aan", language: "nl" }))?.data.text).toBe(
      "Sorry, I can't answer right now. Please try again later.",
    );
  });

  it("answers within the deadline while a slow tool goes on, and the next turn sees its result", async () => {
    const port = await serverWith({ deadlineMs: 1_500 });
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 2_500, label: "季度报告已生成" } }] });
    const started = performance.now();
    const answer = await utter(port, "生成报告", "01JWYOMING000000000000000E");
    expect(performance.now() - started).toBeLessThan(2_400);
    expect(answer).toEqual({ type: "handled", data: { text: "我还在处理，稍后再问我结果吧。" } });

    await expect.poll(() => h.llm.pending).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the tool finishes behind the answer
    // The tool was handed to the background at the turn's deadline: its result comes in this turn's note.
    h.llm.script((request) => {
      const seen = JSON.stringify(request.body.messages);
      return { text: seen.includes("季度报告已生成") ? "报告好了。" : "还没有结果。" };
    });
    expect((await utter(port, "报告好了吗", "01JWYOMING000000000000000E")).data.text).toBe("报告好了。");
  });

  it("cut short with nothing at work: what the model said so far, or a not-handled apology", async () => {
    const port = await serverWith({ deadlineMs: 1_000 });
    h.llm.script({ text: "Let me think about that carefully.", pieceSize: 12, stallAfterEvents: 3 });
    expect(await utter(port, "What is the meaning of life?")).toEqual({
      type: "handled",
      data: { text: "Let me think about that" },
    });
    h.llm.script({ text: "never sent", stallAfterEvents: 1 });
    expect(await utter(port, "And of everything?")).toEqual({
      type: "not-handled",
      data: { text: "Sorry, that took too long. Please try again." },
    });
  });

  it("drops an utterance that waited past the deadline behind another turn of its conversation", async () => {
    // The first turn has time for its 2 s tool; the second utterance, on a 1 s deadline, waits behind it.
    const patient = await serverWith({ deadlineMs: 4_000 });
    const port = await serverWith({ deadlineMs: 1_000 });
    h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 2_000 } }] }, { text: "好了。" });
    const id = "01JWYOMING000000000000000F";
    const [first, second] = await Promise.all([
      utter(patient, "慢慢来", id),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => utter(port, "算了", id)),
    ]);
    expect(first.type).toBe("handled");
    expect(second).toEqual({ type: "not-handled", data: { text: "抱歉，这次没来得及回答，请再说一次。" } });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the first turn ends
    const said = h.cyrene.conversations.history(h.cyrene.conversations.findExternal("wyoming", id)!);
    expect(said.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["慢慢来"]);
  });

  it("joins the two first utterances of one HA conversation that arrive at once into one conversation", async () => {
    h.llm.script({ text: "一" }, { text: "二" });
    const id = "01JWYOMING000000000000000G";
    const answers = await Promise.all([utter(h.wyomingPort, "第一", id), utter(h.wyomingPort, "第二", id)]);
    expect(answers.map((a) => a.type)).toEqual(["handled", "handled"]);
    const said = h.cyrene.conversations.history(h.cyrene.conversations.findExternal("wyoming", id)!);
    expect(said.filter((m) => m.role === "user").map((m) => m.content)).toHaveLength(2);
  });

  it("answers events in order, several in one write, and ignores unknown ones", async () => {
    h.llm.script({ text: "pong!" });
    const client = await WyomingClient.connect(h.wyomingPort);
    client.socket.write(
      '{"type":"audio-start","data":{"rate":16000}}\n' +
        '{"type":"describe"}\n' +
        '{"type":"transcript","data":{"text":"ping?"}}\n' +
        '{"type":"ping","data":{"text":"x"}}\n',
    );
    expect((await client.next("info", "handled", "pong"))!.type).toBe("info");
    expect(await client.next("info", "handled", "pong")).toEqual({
      type: "handled",
      data: { text: "pong!" },
    });
    expect(await client.next("info", "handled", "pong")).toEqual({ type: "pong", data: { text: "x" } });
    client.close();
  });

  it("closes a connection that sends something other than Wyoming", async () => {
    const client = await WyomingClient.connect(h.wyomingPort);
    client.socket.write("GET / HTTP/1.1\r\nHost: cyrene\r\n\r\n");
    expect(await client.next("info")).toBeUndefined();
    expect(client.closed).toBe(true);
  });

  it("tolerates HA closing the socket before the answer: the turn is still stored", async () => {
    let release!: () => void;
    const replied = new Promise<void>((resolve) => (release = resolve));
    h.llm.script(() => {
      release();
      return { text: "晚安。" };
    });
    const client = await WyomingClient.connect(h.wyomingPort);
    client.send({
      type: "transcript",
      data: { text: "晚安", context: { conversation_id: "01JWYOMINGGONE" } },
    });
    await replied;
    client.close();
    await expect
      .poll(() => {
        const id = h.cyrene.conversations.findExternal("wyoming", "01JWYOMINGGONE");
        return id && h.cyrene.conversations.history(id).at(-1)?.content;
      })
      .toBe("晚安。");
    h.llm.script({ text: "still here" });
    expect((await utter(h.wyomingPort, "hello")).data.text).toBe("still here");
  });

  describe("who may connect", () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

    it("decides by source: loopback and listed networks yes, HA's network only in the add-on", () => {
      const standalone = { addon: false, allowNetworks: [] };
      expect(trustedSource("127.0.0.1", standalone)).toBe(true);
      expect(trustedSource("::ffff:127.0.0.1", standalone)).toBe(true);
      expect(trustedSource("172.30.32.1", standalone)).toBe(false);
      expect(trustedSource("172.30.32.1", { addon: true, allowNetworks: [] })).toBe(true);
      expect(trustedSource("192.168.1.5", { addon: false, allowNetworks: ["192.168.1.0/24"] })).toBe(true);
      expect(trustedSource("192.168.2.5", { addon: false, allowNetworks: ["192.168.1.0/24"] })).toBe(false);
    });

    it.runIf(external)(
      "closes a real connection from a source that is not allowed, serves a listed one",
      async () => {
        const describeFrom = async (port: number) => {
          const client = await WyomingClient.connect(port, external, external);
          client.send({ type: "describe" });
          const info = await client.next("info");
          client.close();
          return info?.type;
        };
        const refusing = await serverWith({ rules: { addon: false, allowNetworks: [] } }, "0.0.0.0");
        expect(await describeFrom(refusing)).toBeUndefined();
        const allowing = await serverWith(
          { rules: { addon: false, allowNetworks: [`${external}/32`] } },
          "0.0.0.0",
        );
        expect(await describeFrom(allowing)).toBe("info");
      },
    );
  });
});
