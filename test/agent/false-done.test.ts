import { describe, expect, it } from "vitest";
import { NO_CALL_NUDGE } from "../../src/agent/action-check.js";
import { useScriptedLoop } from "./support/scripted-loop.js";

/**
 * The complaint users report most about HA assistants: "done" said with no tool called. Scripted
 * models here misbehave that way; what the user sees must stay true.
 */
const loop = useScriptedLoop();

const ON = { service: "light.turn_on", target: "客厅灯" };
const lastMessage = (request: number) => loop.llm.requests[request]!.body.messages.at(-1);

describe("no false 'done'", () => {
  it("a claim without a call gets one corrective round; the model then calls, and the user sees only the truth", async () => {
    loop.llm.script(
      { text: "好的，已为您打开客厅灯。", pieceSize: 3 },
      { toolCalls: [{ name: "iot_control", arguments: ON }] },
      { text: "客厅灯已经打开了。" },
    );
    const { final, texts } = await loop.turn("打开客厅灯");
    expect(lastMessage(1)).toEqual({ role: "system", content: NO_CALL_NUDGE });
    expect(loop.control.calls).toEqual([ON]);
    expect(texts.join("")).toBe("客厅灯已经打开了。");
    expect(final.text).not.toContain("已为您打开");
  });

  it("a model that insists is replaced by an honest answer (Chinese)", async () => {
    loop.llm.script({ text: "已经帮你把灯关掉了。" }, { text: "灯已关闭。" });
    const { final, stored } = await loop.turn("帮我把灯关了");
    expect(loop.control.calls).toEqual([]);
    expect(final.text).toBe("抱歉，我其实没有执行这个操作，设备没有被控制。请再说一次，我会重新尝试。");
    expect(stored.at(-1)).toEqual({ role: "assistant", content: final.text });
  });

  it("a model that insists is replaced by an honest answer (English)", async () => {
    loop.llm.script(
      { text: "Done! I've turned off the kitchen lights." },
      { text: "The kitchen lights are now off." },
    );
    const { final } = await loop.turn("Turn off the kitchen lights");
    expect(final.text).toMatch(/^Sorry, I did not actually do that: no device was controlled/);
    expect(final.text).not.toMatch(/now off/);
  });

  it("after the nudge, an honest answer is the answer", async () => {
    loop.llm.script(
      { text: "I've locked the front door." },
      { text: "I'm sorry, I didn't lock it: I can't reach the door lock." },
    );
    const { final } = await loop.turn("lock the front door");
    expect(final.text).toBe("I'm sorry, I didn't lock it: I can't reach the door lock.");
  });

  it("a failed iot_control call does not count: claiming success after it is caught", async () => {
    loop.control.fail = true;
    loop.llm.script(
      { toolCalls: [{ name: "iot_control", arguments: ON }] },
      { text: "已为您打开阳台灯。" },
      { text: "已打开。" },
    );
    const { final } = await loop.turn("打开阳台灯");
    expect(lastMessage(2)).toEqual({ role: "system", content: NO_CALL_NUDGE });
    expect(final.text).toMatch(/^抱歉，我其实没有执行/);
  });

  it("a claim after a successful call is believed, and streams", async () => {
    loop.llm.script(
      { toolCalls: [{ name: "iot_control", arguments: ON }] },
      { text: "好的，已为您打开客厅灯。", pieceSize: 3 },
    );
    const { final, texts } = await loop.turn("打开客厅灯");
    expect(loop.llm.requests).toHaveLength(2);
    expect(texts.length).toBeGreaterThan(2);
    expect(final.text).toBe("好的，已为您打开客厅灯。");
  });

  it("only a turn that asks for a change is judged: a state report or another task's 'Done' is left alone", async () => {
    loop.llm.script({ text: "门已经锁好了。", pieceSize: 2 }, { text: "Done! 20 + 22 is 42." });
    const status = await loop.turn("请问门锁了吗？");
    expect(status.final.text).toBe("门已经锁好了。");
    expect(status.texts.length).toBeGreaterThan(1);
    expect((await loop.turn("what is 20 + 22?")).final.text).toBe("Done! 20 + 22 is 42.");
    expect(loop.llm.requests).toHaveLength(2);
  });

  it("in a turn that asks for a change, a state report is no claim and is left alone", async () => {
    loop.llm.script(
      { text: "车库门已经开了一个小时了，要我现在关上吗？", pieceSize: 3 },
      { text: "The front door has been unlocked since 8 pm. Shall I lock it?" },
    );
    const zh = await loop.turn("把车库门关上");
    expect(zh.final.text).toBe("车库门已经开了一个小时了，要我现在关上吗？");
    const en = await loop.turn("lock the front door");
    expect(en.final.text).toBe("The front door has been unlocked since 8 pm. Shall I lock it?");
    expect(loop.llm.requests).toHaveLength(2);
  });

  it("an answer that claims nothing is left alone", async () => {
    loop.llm.script({ text: "Which light do you mean, the desk lamp or the ceiling light?" });
    const { final } = await loop.turn("turn on the light");
    expect(loop.llm.requests).toHaveLength(1);
    expect(final.text).toBe("Which light do you mean, the desk lamp or the ceiling light?");
  });
});

describe("a status question changes nothing without the person's yes", () => {
  for (const { question, target, asked } of [
    { question: "客厅灯开着吗？", target: "客厅灯", asked: "要我锁上客厅灯吗？" },
    {
      question: "Is the front door locked?",
      target: "front door",
      asked: "Do you want me to lock front door?",
    },
    { question: "Ist die Haustür abgeschlossen?", target: "Haustür", asked: "Soll ich Haustür abschließen?" },
    { question: "La porte est-elle verrouillée ?", target: "porte", asked: "Dois-je verrouiller porte ?" },
  ]) {
    it(`"${question}": an iot_control call becomes a question to the person, and nothing changes`, async () => {
      const lock = { service: "lock.lock", target };
      loop.llm.script(
        { toolCalls: [{ name: "iot_control", arguments: lock }] },
        { toolCalls: [{ name: "iot_query", arguments: { target } }] },
        { text: "It is unlocked." },
      );
      const language = /[äöüß]|Haustür/.test(question) ? "de" : /porte/.test(question) ? "fr" : undefined;
      const { events, final, stored } = await loop.turn(question, [], language);
      expect(loop.control.calls).toEqual([]);
      const waiting = events.find((e) => e.type === "tool_finished" && e.name === "iot_control");
      expect(waiting).toMatchObject({ result: { success: true, data: { status: "confirmation_required" } } });
      // The model's answer did not ask: the question follows it, in the turn's language.
      expect(final.text).toBe(`It is unlocked. ${asked}`);
      expect(stored.at(-1)).toEqual({ role: "assistant", content: final.text });
    });
  }

  it("an answer that asks already is left as it is", async () => {
    loop.llm.script(
      { toolCalls: [{ name: "iot_control", arguments: ON }] },
      { text: "客厅灯现在是关着的，要我打开吗？" },
    );
    const { final } = await loop.turn("客厅灯开着吗？");
    expect(final.text).toBe("客厅灯现在是关着的，要我打开吗？");
  });

  for (const request of [
    "客厅灯开着吗？没开的话帮我打开",
    "Is the door locked? If not, lock it.",
    "can you turn on the kitchen light?",
    "would it be possible to turn on the fan?",
    "is it possible to dim the bedroom lights",
    "do you think you could open the garage",
    "可以把风扇打开吗",
    "你能启动扫地机器人吗",
  ]) {
    it(`"${request}" asks for a change: the call runs`, async () => {
      loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: ON }] }, { text: "ok" });
      await loop.turn(request);
      expect(loop.control.calls).toEqual([ON]);
    });
  }

  for (const [request, language] of [
    ["kannst du das Licht einschalten?", "de"],
    ["könntest du bitte die Rollläden schließen?", "de"],
    ["peux-tu allumer la lumière ?", "fr"],
    ["pourrais-tu fermer les volets ?", "fr"],
    ["est-ce que tu peux éteindre la cuisine ?", "fr"],
  ] as const) {
    it(`"${request}" (${language}) asks for a change: the call runs`, async () => {
      loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: ON }] }, { text: "ok" });
      await loop.turn(request, [], language);
      expect(loop.control.calls).toEqual([ON]);
    });
  }

  it("a language without a pack gets no word rule: the model's call stands", async () => {
    loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: ON }] }, { text: "Klaar." });
    await loop.turn("Is de lamp in de woonkamer aan?", [], "nl");
    expect(loop.control.calls).toEqual([ON]);
  });
});
