import { afterAll, beforeAll, expect, it } from "vitest";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { connectMcp, dataOf, textOf } from "../support/mcp-client.js";
import { restCall, restState } from "./support/real-ha.js";

const SHARED = { retry: 2, timeout: 60_000 };

/**
 * A risky action asked over MCP (unlocking the fixture's front door in the real HA): it answers with the
 * confirmation question; only confirm_action, in a later call and by the same owner, carries it out.
 */
describeHa("Risky home actions over MCP", (info) => {
  let h: Harness;
  let noConfirm: Harness;
  const TOKEN = "mcp-confirm-token";
  const lock = info.fixture.lock;
  const env = { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token, CYRENE_API_TOKEN: TOKEN };

  beforeAll(async () => {
    h = await startHarness({ assist: true, env });
    noConfirm = await startHarness({
      assist: true,
      env: { ...env, CYRENE_MCP_TOOLS: "iot_query,iot_control" },
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await noConfirm?.close();
  });
  const locked = async () => {
    await restCall(info, "lock", "lock", { entity_id: lock });
    await expect.poll(async () => (await restState(info, lock)).state).toBe("locked");
  };

  it("unlocks only through confirm_action in a later call, by the same owner, once", SHARED, async () => {
    await locked();
    const household = await connectMcp(h.ollamaUrl);
    const asked = dataOf<{ status: string; confirmation_id: string; note: string }>(
      await household.callTool({ name: "iot_control", arguments: { service: "lock.unlock", target: lock } }),
    );
    expect(asked).toMatchObject({
      status: "confirmation_required",
      note: expect.stringMatching(/confirm_action/),
    });
    const id = asked.confirmation_id;

    // The tool itself takes no confirmation over MCP: a client cannot answer its own question in passing.
    const direct = await household.callTool({ name: "iot_control", arguments: { confirmation_id: id } });
    expect(direct.isError).toBe(true);
    expect(textOf(direct)).toMatch(/confirm_action/);
    // Another owner (the API token's holder) cannot confirm the household's question.
    const other = await connectMcp(h.ollamaUrl, { token: TOKEN });
    const foreign = await other.callTool({ name: "confirm_action", arguments: { confirmation_id: id } });
    expect(foreign.isError).toBe(true);
    expect((await restState(info, lock)).state).toBe("locked");

    const done = await household.callTool({ name: "confirm_action", arguments: { confirmation_id: id } });
    expect(done.isError, textOf(done)).toBeFalsy();
    expect(dataOf<{ done: string }>(done).done).toMatch(/^confirmed and done: unlock/);
    expect((await restState(info, lock)).state).toBe("unlocked");
    const twice = await household.callTool({ name: "confirm_action", arguments: { confirmation_id: id } });
    expect(twice.isError).toBe(true);

    await Promise.all([household.close(), other.close()]);
    await locked();
  });

  it("without confirm_action in mcp_tools, a risky action is refused instead of asked", SHARED, async () => {
    await locked();
    const client = await connectMcp(noConfirm.ollamaUrl);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(["iot_query", "iot_control", "job_result"]);
    const refused = await client.callTool({
      name: "iot_control",
      arguments: { service: "lock.unlock", target: lock },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/Not done: .*needs the user's confirmation/);
    expect((await restState(info, lock)).state).toBe("locked");
    await client.close();
  });
});
