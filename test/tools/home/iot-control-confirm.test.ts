import { describe, expect, it } from "vitest";
import { createHomeTime } from "../../../src/time/home-time.js";
import { Confirmations } from "../../../src/tools/confirmations.js";
import { iotControlTool } from "../../../src/tools/home/iot-control.js";
import { scheduledActionPolicy } from "../../../src/tools/policy.js";
import { FakeHomeAssistant } from "../../ha/support/fake-ha.js";
import { sampleHome } from "../../ha/support/sample-home.js";
import { toolContext } from "../../support/tool-context.js";
import { data, error, setupControl as setup } from "./control-helpers.js";

describe("iot_control confirmations", () => {
  const unlock = { service: "lock.unlock", target: "大门锁" };

  it("asks before unlocking, refuses the same turn, and unlocks in a later turn", async () => {
    const { ha, call } = setup();
    const asked = data(await call(unlock, "turn-1"));
    expect(asked).toMatchObject({
      status: "confirmation_required",
      would: "unlock Front Door (lock.front_door)",
    });
    const id = asked.confirmation_id as string;
    // The definition no longer explains confirming: this answer has to.
    expect(asked.note).toBe(
      "NOT done. Ask the user to confirm that you should unlock Front Door (lock.front_door) (需要用户确认): " +
        '"Do you want me to unlock Front Door?". ' +
        `Only if they agree in their next message, call iot_control with just confirmation_id "${id}" (valid a few minutes).`,
    );
    expect(ha.calls).toHaveLength(0);

    expect(error(await call({ confirmation_id: id }, "turn-1"))).toMatch(/the user has not confirmed yet/);
    expect(error(await call({ confirmation_id: id }, "turn-2", "other-conversation"))).toMatch(
      /unknown or expired/,
    );
    expect(ha.calls).toHaveLength(0);

    const done = data(await call({ confirmation_id: id }, "turn-2"));
    expect(done.done).toBe("confirmed and done: unlock Front Door (lock.front_door)");
    expect(done.results[0]).toMatch(/: unlocked, .*\(was locked\)/);
    expect(ha.calls).toEqual([
      { domain: "lock", service: "unlock", data: {}, entityIds: ["lock.front_door"] },
    ]);
    expect(error(await call({ confirmation_id: id }, "turn-3"))).toMatch(/unknown or expired/);
  });

  it("takes a yes only in the user's very next message", async () => {
    const { ha, call } = setup();
    const id = data(await call(unlock, "turn-1")).confirmation_id as string;
    expect(error(await call({ confirmation_id: id }, "turn-3"))).toMatch(/has lapsed.*very next message/);
    expect(error(await call({ confirmation_id: id }, "turn-2"))).toMatch(/unknown or expired/);
    expect(ha.calls).toHaveLength(0);
  });

  it("lets confirmations expire", async () => {
    const { call } = setup({ confirmations: new Confirmations({ now: () => Date.now() }, 50) });
    const id = data(await call(unlock, "turn-1")).confirmation_id as string;
    await new Promise((r) => setTimeout(r, 80));
    expect(error(await call({ confirmation_id: id }, "turn-2"))).toMatch(/unknown or expired/);
  });

  it("asks before opening a garage door but not before closing it; locking needs no confirmation", async () => {
    const { ha, call } = setup();
    expect(data(await call({ service: "cover.open_cover", target: "车库门" })).status).toBe(
      "confirmation_required",
    );
    expect(
      data(
        await call({
          service: "cover.set_cover_position",
          target: "garage door",
          data: { position: 50 },
        }),
      ).status,
    ).toBe("confirmation_required");
    expect(data(await call({ service: "cover.close_cover", target: "garage door" })).results).toBeDefined();
    expect(data(await call({ service: "cover.open_cover", target: "客厅窗帘" })).results).toBeDefined();
    expect(data(await call({ service: "lock.lock", target: "Front Door" })).results).toBeDefined();
    expect(ha.calls.map((c) => c.service)).toEqual(["close_cover", "open_cover", "lock"]);
  });

  it("asks for every action in a sensitive domain", async () => {
    const { ha, call } = setup({ sensitiveDomains: ["switch"] });
    const asked = data(await call({ service: "switch.turn_off", target: "Kettle" }));
    expect(asked.reason).toMatch(/switch is marked sensitive/);
    expect(ha.calls).toHaveLength(0);
  });

  it("needs a conversation to ask in", async () => {
    const { call } = setup();
    const tool = call;
    expect(error(await tool(unlock, "", ""))).toMatch(/needs the user's confirmation.*It was not done/);
  });

  it("refuses outright, asking no one, when no user is there to confirm (a background thought)", async () => {
    const ha = new FakeHomeAssistant(sampleHome());
    const time = createHomeTime({ ha });
    const confirmations = new Confirmations(time);
    const tool = iotControlTool({ ha, time, confirmations, sensitiveDomains: [], settleMs: 300 });
    const ctx = toolContext({ turnId: "turn-1", turnNumber: 1, conversationId: "thought", autonomous: true });
    expect(error(await tool.execute(unlock, ctx))).toMatch(
      /^Not done: to unlock Front Door \(lock\.front_door\) needs the user's confirmation because .*no one is here/,
    );
    expect(ha.calls).toHaveLength(0);
    expect(
      data(await tool.execute({ service: "light.turn_on", target: "kitchen lights" }, ctx)).done,
    ).toMatch(/turn on/);
  });

  it("carries out under the scheduled policy only the very action confirmed when it was set", async () => {
    const ha = new FakeHomeAssistant(sampleHome());
    const time = createHomeTime({ ha });
    const tool = iotControlTool({
      ha,
      time,
      confirmations: new Confirmations(time),
      sensitiveDomains: [],
      settleMs: 300,
    });
    const confirmed = scheduledActionPolicy({
      domain: "lock",
      service: "unlock",
      entityIds: ["lock.front_door"],
    });
    const ctx = toolContext({ conversationId: "c", policy: confirmed });
    // Another risky action (opening the garage) is refused: the yes was for the lock only.
    expect(error(await tool.execute({ service: "cover.open_cover", target: "车库门" }, ctx))).toMatch(
      /^Not done/,
    );
    expect(ha.calls).toHaveLength(0);
    expect(data(await tool.execute({ service: "lock.unlock", target: "lock.front_door" }, ctx)).done).toBe(
      "confirmed and done: unlock Front Door (lock.front_door)",
    );
    // Without the confirmed action, the same unattended call is refused.
    const bare = toolContext({ conversationId: "c", policy: scheduledActionPolicy() });
    expect(error(await tool.execute({ service: "lock.unlock", target: "lock.front_door" }, bare))).toMatch(
      /^Not done/,
    );
  });
});
