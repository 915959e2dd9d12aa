import { describe, expect, it } from "vitest";
import { judgeAnswer, type AskedIn } from "../../src/tools/confirmation-rule.js";
import { NEXT_MESSAGE, type ConfirmationRule } from "../../src/turn/confirmation-rule.js";
import { testTurn } from "../support/turn-context.js";

const question = { id: "confirm-1", would: "unlock Front Door (lock.front_door)" };
const mcp = (confirming: boolean): ConfirmationRule => ({
  kind: "confirmation-tool",
  tool: "confirm_action",
  confirming,
});
/** A turn answering: its id, number and rule. */
const answer = (turnId: string, turnNumber: number, rule: ConfirmationRule) =>
  testTurn({ turnId, turnNumber, confirmationRule: rule });

describe("the chat's rule: the person's very next message", () => {
  const asked: AskedIn = { turnId: "t3", turnNumber: 3, rule: NEXT_MESSAGE };

  it("takes a yes in the next turn", () => {
    expect(judgeAnswer(asked, answer("t4", 4, NEXT_MESSAGE), question)).toEqual({ taken: true });
  });

  it("refuses the turn that asked, and keeps the question open for the next message", () => {
    const verdict = judgeAnswer(asked, answer("t3", 3, NEXT_MESSAGE), question);
    expect(verdict).toMatchObject({ taken: false, lapsed: false });
    expect(verdict.taken || verdict.why).toMatch(/user has not confirmed yet.*"confirm-1"/);
  });

  it("lets the question lapse once the next message went by, and takes no earlier turn", () => {
    for (const number of [5, 9, 2, 3]) {
      const verdict = judgeAnswer(asked, answer(`other-${number}`, number, NEXT_MESSAGE), question);
      expect(verdict).toMatchObject({ taken: false, lapsed: true });
      expect(verdict.taken || verdict.why).toMatch(/has lapsed.*very next message/);
    }
  });

  it("is not answered by a turn under another rule, even a confirmation tool's call", () => {
    const verdict = judgeAnswer(asked, answer("t4", 4, mcp(true)), question);
    expect(verdict).toMatchObject({ taken: false, lapsed: false });
    expect(verdict.taken || verdict.why).toMatch(/asked in a chat and can only be answered there/);
  });
});

describe("MCP's rule: a later call of the confirmation tool", () => {
  const asked: AskedIn = { turnId: "call-1", turnNumber: 1, rule: mcp(false) };

  it("takes the confirmation tool's later call, whatever the turn numbers", () => {
    expect(judgeAnswer(asked, answer("call-2", 1, mcp(true)), question)).toEqual({ taken: true });
    expect(judgeAnswer(asked, answer("call-9", 7, mcp(true)), question)).toEqual({ taken: true });
  });

  it("refuses any other call, and keeps the question for the confirmation tool", () => {
    const verdict = judgeAnswer(asked, answer("call-2", 2, mcp(false)), question);
    expect(verdict).toMatchObject({ taken: false, lapsed: false });
    expect(verdict.taken || verdict.why).toMatch(/has not confirmed yet.*call confirm_action.*"confirm-1"/);
  });

  it("never takes a yes in the call that asked, even one marked confirming", () => {
    expect(judgeAnswer(asked, answer("call-1", 1, mcp(true)), question)).toMatchObject({
      taken: false,
      lapsed: false,
    });
    expect(judgeAnswer(asked, answer("call-1", 1, mcp(false)), question)).toMatchObject({
      taken: false,
    });
  });

  it("is not answered by a chat's next message (the 0/1 turn numbers once faked it)", () => {
    const verdict = judgeAnswer(asked, answer("t2", 2, NEXT_MESSAGE), question);
    expect(verdict).toMatchObject({ taken: false, lapsed: false });
    expect(verdict.taken || verdict.why).toMatch(
      /through a confirmation tool and can only be answered there/,
    );
  });
});
