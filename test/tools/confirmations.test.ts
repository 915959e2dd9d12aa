import { describe, expect, it } from "vitest";
import { Confirmations, type StoredAction } from "../../src/tools/confirmations.js";
import { NEXT_MESSAGE, type ConfirmationRule } from "../../src/turn/confirmation-rule.js";
import { toolContext } from "../support/tool-context.js";

const unlock: StoredAction = {
  domain: "lock",
  service: "unlock",
  entityIds: ["lock.front_door"],
  data: {},
  description: "unlock Front Door (lock.front_door)",
};
const mcp = (confirming: boolean): ConfirmationRule => ({
  kind: "confirmation-tool",
  tool: "confirm_action",
  confirming,
});

/** The store on a clock the test moves; `turn` makes a tool context in a conversation, turn and rule. */
function setup() {
  const clock = { ms: 0 };
  const store = new Confirmations({ now: () => clock.ms }, 60_000);
  const turn = (conversationId: string, turnId: string, confirmationRule: ConfirmationRule, turnNumber = 1) =>
    toolContext({ conversationId, turnId, turnNumber, confirmationRule });
  return { clock, store, turn };
}

describe("the confirmation store under MCP's rule", () => {
  it("takes the yes of a later confirming call in the same conversation, once", () => {
    const { store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("owner-a", "call-1", mcp(false)));
    // A plain later call can't confirm, and does not use the question up.
    expect(() => store.check(id, turn("owner-a", "call-2", mcp(false)))).toThrow(/call confirm_action/);
    expect(() => store.check(id, turn("owner-a", "call-1", mcp(true)))).toThrow(/not confirmed yet/);
    expect(store.check(` ${id} `, turn("owner-a", "call-3", mcp(true)))).toEqual(unlock);
    store.consume(id);
    expect(() => store.check(id, turn("owner-a", "call-4", mcp(true)))).toThrow(/unknown or expired/);
  });

  it("gives a question only to the tool that asked it, when the tool names itself", () => {
    const { store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("owner-a", "call-1", mcp(false)));
    expect(() => store.check(id, turn("owner-a", "call-2", mcp(true)), "home_rule")).toThrow(
      /unknown or expired/,
    );
    expect(store.check(id, turn("owner-a", "call-2", mcp(true)), "iot_control")).toEqual(unlock);
  });

  it("hides the question from another owner's conversation", () => {
    const { store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("owner-a", "call-1", mcp(false)));
    expect(() => store.check(id, turn("owner-b", "call-2", mcp(true)))).toThrow(/unknown or expired/);
    expect(store.check(id, turn("owner-a", "call-3", mcp(true)))).toEqual(unlock);
  });

  it("lets the question expire", () => {
    const { clock, store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("owner-a", "call-1", mcp(false)));
    clock.ms = 60_000;
    expect(() => store.check(id, turn("owner-a", "call-2", mcp(true)))).toThrow(/unknown or expired/);
  });

  it("keeps a chat's question from being answered by a confirming call, and the other way round", () => {
    const { store, turn } = setup();
    const chat = store.create("iot_control", unlock, turn("shared", "t1", NEXT_MESSAGE, 1));
    expect(() => store.check(chat, turn("shared", "call-1", mcp(true), 2))).toThrow(/asked in a chat/);
    const overMcp = store.create("iot_control", unlock, turn("shared", "call-2", mcp(false)));
    expect(() => store.check(overMcp, turn("shared", "t2", NEXT_MESSAGE, 2))).toThrow(
      /through a confirmation tool/,
    );
    // Neither refusal used the questions up.
    expect(store.check(chat, turn("shared", "t2", NEXT_MESSAGE, 2))).toEqual(unlock);
    expect(store.check(overMcp, turn("shared", "call-3", mcp(true)))).toEqual(unlock);
  });
});

describe("the confirmation store under the chat's rule", () => {
  it("drops a question whose next message went by without a yes", () => {
    const { store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("c", "t1", NEXT_MESSAGE, 1));
    expect(() => store.check(id, turn("c", "t3", NEXT_MESSAGE, 3))).toThrow(/has lapsed/);
    expect(() => store.check(id, turn("c", "t2", NEXT_MESSAGE, 2))).toThrow(/unknown or expired/);
  });
});

describe("the one store, for MCP's confirm_action", () => {
  it("names the tool that asked, in its conversation only, until the question is used or expires", () => {
    const { clock, store, turn } = setup();
    const id = store.create("iot_control", unlock, turn("owner-a", "call-1", mcp(false)));
    expect(store.askedBy(` ${id} `, "owner-a")).toBe("iot_control");
    expect(store.askedBy(id, "owner-b")).toBeUndefined();
    store.consume(id);
    expect(store.askedBy(id, "owner-a")).toBeUndefined();
    const later = store.create("iot_control", unlock, turn("owner-a", "call-2", mcp(false)));
    clock.ms = 60_000;
    expect(store.askedBy(later, "owner-a")).toBeUndefined();
  });
});
