import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ActionCheck } from "../../src/agent/action-check.js";
import { answersPendingQuestion, endsWithQuestion } from "../../src/agent/pending-question.js";
import type { ChatMessage } from "../../src/llm/messages.js";
import type { ToolDefinition } from "../../src/tools/contract.js";
import { useScriptedLoop } from "./support/scripted-loop.js";

/**
 * An answer to a question the assistant left open (a confirmation waiting, "which one?") is the user's
 * say: the status-question reading never holds back the iot_control call that carries it out, whatever its
 * words. Read from the conversation; the call's confirmation id is judged by the confirmation store.
 */
const loop = useScriptedLoop();

const UNLOCK = { service: "lock.unlock", target: "front door" };
const asked = (question: string, status = "confirmation_required"): ChatMessage[] => [
  { role: "user", content: "unlock the front door" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "c1", type: "function", function: { name: "iot_control", arguments: JSON.stringify(UNLOCK) } },
    ],
  },
  {
    role: "tool",
    tool_call_id: "c1",
    content: JSON.stringify({ success: true, data: { status, confirmation_id: "confirm-1a2b3c4d" } }),
  },
  { role: "assistant", content: question },
];
const whichOne: ChatMessage[] = [
  { role: "user", content: "turn on the lamp" },
  { role: "assistant", content: "Which lamp: **the bedroom one** or the desk lamp? 💡" },
];
const corpus = (file: string) =>
  readFileSync(join(import.meta.dirname, "corpus", file), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

const offered = [{ name: "iot_control" }] as ToolDefinition[];
const callOf = (args: Record<string, unknown>) => ({
  id: "c2",
  name: "iot_control",
  arguments: JSON.stringify(args),
});
const asksFirst = (history: ChatMessage[], said: string, args: Record<string, unknown>, language?: string) =>
  new ActionCheck([...history, { role: "user", content: said }], offered, new Set(), language).confirmFirst(
    callOf(args),
  )?.why;

describe("answers to an open question", () => {
  for (const { said, question } of [
    { said: "yes, do it", question: "Should I unlock the front door?" },
    { said: "Do it?", question: "Do you want me to unlock the front door?" },
    { said: "好的", question: "要解锁入户门锁吗？" },
    { said: "门锁了吗？那就开吧", question: "要解锁入户门锁吗？" },
  ]) {
    it(`"${said}" to "${question}": the confirmed call runs`, async () => {
      const confirmed = { confirmation_id: "confirm-1a2b3c4d" };
      loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: confirmed }] }, { text: "Unlocked." });
      const { events } = await loop.turn(said, asked(question));
      expect(loop.control.calls).toEqual([confirmed]);
      expect(events.find((e) => e.type === "tool_finished")).toMatchObject({ result: { success: true } });
    });
  }

  it('"the bedroom one?" to "which lamp?": the call runs', async () => {
    const on = { service: "light.turn_on", target: "bedroom lamp" };
    loop.llm.script({ toolCalls: [{ name: "iot_control", arguments: on }] }, { text: "On." });
    await loop.turn("the bedroom one?", whichOne);
    expect(loop.control.calls).toEqual([on]);
  });

  it.each([
    ["confirmations.en.txt", "Should I unlock the front door?"],
    ["confirmations.zh.txt", "要解锁入户门锁吗？"],
    ["confirmations.de.txt", "Soll ich die Haustür aufschließen?"],
    ["confirmations.fr.txt", "Dois-je déverrouiller la porte d'entrée ?"],
  ])(
    "no answer in %s waits for another yes, after the question or with the confirmation id alone",
    (file, question) => {
      const language = file.split(".")[1];
      for (const said of corpus(file)) {
        expect(asksFirst(asked(question), said, UNLOCK, language), said).toBeUndefined();
        expect(asksFirst([], said, { confirmation_id: "confirm-1a2b3c4d" }, language), said).toBeUndefined();
      }
    },
  );

  it("a status question with nothing open still waits for a yes, also after an answered turn", () => {
    const answered: ChatMessage[] = [
      { role: "user", content: "turn on the lamp" },
      { role: "assistant", content: "The bedroom lamp is on." },
    ];
    expect(asksFirst(answered, "Is the front door locked?", UNLOCK)).toMatch(
      /reads as a question about how things are/,
    );
    expect(asksFirst([], "门锁了吗？", UNLOCK)).toMatch(/reads as a question/);
    // The question was answered a turn ago: this message asks anew.
    const later = [
      ...asked("Should I unlock the front door?"),
      { role: "user", content: "yes" },
      { role: "assistant", content: "Unlocked." },
    ] as ChatMessage[];
    expect(asksFirst(later, "is the front door locked", UNLOCK)).toMatch(/reads as a question/);
  });
});

describe("what counts as an open question", () => {
  it("a confirmation waiting, or a reply ending with a question once Markdown and emoji are out", () => {
    const open = (history: ChatMessage[]) =>
      answersPendingQuestion([...history, { role: "user", content: "yes" }], history.length);
    expect(open(asked("I need your confirmation first."))).toBe(true);
    expect(open(asked("Unlocked.", "done"))).toBe(false);
    expect(open(whichOne)).toBe(true);
    expect(open([{ role: "assistant", content: "客厅灯开着。" }])).toBe(false);
    expect(open([])).toBe(false);
    expect(endsWithQuestion("要解锁入户门锁吗？😊")).toBe(true);
    expect(endsWithQuestion("Shall I [open it](https://example.com)?\n\n")).toBe(true);
    expect(endsWithQuestion("Is it on? It is.")).toBe(false);
  });
});
