import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { restCall, restState } from "./support/real-ha.js";
import { testTurn } from "../support/turn-context.js";

describeHa("the tool loop driving a real Home Assistant", (info) => {
  let h: Harness;

  beforeAll(async () => {
    // Cyrene configured as a standalone install would be: CYRENE_HA_URL + CYRENE_HA_TOKEN.
    h = await startHarness({ env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
  });
  afterAll(() => h?.close());
  // HA is shared and test/ha/harness.test.ts restarts it once: a test cut by that is retried.
  beforeEach(async () => {
    h.llm.reset();
    await untilHaAnswers(h);
  });
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  const turn = (message: string, conversationId?: string) =>
    h.cyrene.assistant.turn({ message, conversationId, source: "test", policy: allowAllTools }, () => {});
  /** The tool results the LLM was sent in a request, parsed. */
  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));

  it(
    "carries out a request end to end: scripted LLM → iot_control → a real light changes",
    { retry: 2 },
    async () => {
      const office = "light.office_rgbw_lights";
      await restCall(info, "light", "turn_off", { entity_id: office });
      await expect.poll(async () => (await restState(info, office)).state).toBe("off");

      h.llm.script(
        {
          toolCalls: [
            {
              name: "iot_control",
              arguments: {
                service: "light.turn_on",
                target: "office lights",
                data: { brightness_pct: 60 },
              },
            },
          ],
        },
        (request) => {
          const [result] = toolResults(request);
          return { text: result.success ? `好的，${result.data.results[0]}` : `失败：${result.error}` };
        },
      );
      const outcome = await turn("把办公室的灯打开，亮度60%");
      expect(outcome.text).toMatch(
        /^好的，Office RGBW Lights \(light\.office_rgbw_lights\): on, brightness 60%.*\(was off\)$/,
      );
      const state = await restState(info, office);
      expect(state.state).toBe("on");
      expect(Math.round((state.attributes.brightness / 255) * 100)).toBe(60);
    },
  );

  it(
    "asks before opening the garage door and opens it only after the user's yes in the next turn",
    { timeout: 60_000, retry: 2 },
    async () => {
      const garage = info.fixture.garageDoor;
      await restCall(info, "cover", "close_cover", { entity_id: garage });
      await expect
        .poll(async () => (await restState(info, garage)).state, { timeout: 20_000 })
        .toBe("closed");

      const confirmationIn = (request: RecordedRequest): string => {
        const asked = toolResults(request).find((r) => r.data?.status === "confirmation_required");
        return asked.data.confirmation_id;
      };
      h.llm.script(
        {
          toolCalls: [{ name: "iot_control", arguments: { service: "cover.open_cover", target: "车库门" } }],
        },
        // A model that tries to confirm on its own, in the same turn, is refused.
        (request) => ({
          toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmationIn(request) } }],
        }),
        (request) => {
          const refused = toolResults(request).at(-1);
          expect(refused).toMatchObject({
            success: false,
            error: expect.stringMatching(/not confirmed yet/),
          });
          return { text: "要打开车库门吗？" };
        },
      );
      const first = await turn("打开车库门");
      expect(first.text).toBe("要打开车库门吗？");
      expect((await restState(info, garage)).state).toBe("closed");

      let confirmedWith = "";
      h.llm.script(
        (request) => {
          confirmedWith = confirmationIn(request); // from the stored history of the first turn
          expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "是的，打开" });
          return { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmedWith } }] };
        },
        (request) => {
          const [done] = toolResults(request).slice(-1);
          return { text: done.success ? `已${done.data.done}` : `失败：${done.error}` };
        },
      );
      const second = await turn("是的，打开", first.conversationId);
      expect(confirmedWith).toMatch(/^confirm-/);
      expect(second.text).toBe("已confirmed and done: open Garage Door (cover.garage_door)");
      await expect
        .poll(async () => (await restState(info, garage)).state, { timeout: 20_000 })
        .toMatch(/^(opening|open)$/);

      await restCall(info, "cover", "close_cover", { entity_id: garage });
    },
  );

  it(
    "never lets one OpenAI client's yes confirm what another client's conversation asked, even with alike histories",
    { timeout: 60_000, retry: 2 },
    async () => {
      const garage = info.fixture.garageDoor;
      await restCall(info, "cover", "close_cover", { entity_id: garage });
      await expect
        .poll(async () => (await restState(info, garage)).state, { timeout: 20_000 })
        .toBe("closed");
      const client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: "unused", maxRetries: 0 });
      const ask = (messages: ChatCompletionMessageParam[]) =>
        client.chat.completions.create({ model: "cyrene", messages });
      const u = (content: string) => ({ role: "user" as const, content });
      const a = (content: string) => ({ role: "assistant" as const, content });

      h.llm.script({ text: "你好！" }, { text: "你好！" });
      await ask([u("你好")]); // Alice
      await ask([u("你好")]); // Bob, the same opening
      let asked = "";
      h.llm.script(
        {
          toolCalls: [{ name: "iot_control", arguments: { service: "cover.open_cover", target: "车库门" } }],
        },
        (request) => {
          asked = toolResults(request).at(-1).data.confirmation_id;
          return { text: "要打开车库门吗？" };
        },
      );
      await ask([u("你好"), a("你好！"), u("打开车库门")]); // Alice asks
      // Bob says yes with a history that matches Alice's opening; the model even knows her confirmation id.
      h.llm.script(
        () => ({ toolCalls: [{ name: "iot_control", arguments: { confirmation_id: asked } }] }),
        (request) => {
          const [refused] = toolResults(request).slice(-1);
          expect(refused).toMatchObject({ success: false });
          return { text: "没有待确认的操作。" };
        },
      );
      const bob = await ask([u("你好"), a("你好！"), u("是的，打开")]);
      expect(bob.choices[0]!.message.content).toBe("没有待确认的操作。");
      expect(asked).toMatch(/^confirm-/);
      expect((await restState(info, garage)).state).toBe("closed");
    },
  );
});

/** Waits until iot_query, called through Cyrene's registry, gets an answer from HA. */
async function untilHaAnswers(h: Harness, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const options = { policy: allowAllTools, logger: silentLogger(), hardTimeoutMs: 10_000, turn: testTurn() };
  for (;;) {
    const probe = await h.cyrene.registry.execute(
      { id: "probe", name: "iot_query", arguments: "{}" },
      options,
    );
    if (probe.success) return;
    if (Date.now() > deadline) throw new Error(`Home Assistant never answered: ${probe.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
