import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { restCall, restState } from "./support/real-ha.js";

/**
 * Issue 32, end to end against the real HA: a request phrased as a question acts; a status question the
 * model wrongly answers with an iot_control call becomes a question to the person, and their "yes" acts.
 */
describeHa("requests phrased as questions, and word rules that ask", (info) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
  });
  afterAll(() => h?.close());
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
    h.llm.reset();
  });

  const turn = (message: string, conversationId?: string, language?: string) =>
    h.cyrene.assistant.turn(
      { message, conversationId, source: "test", policy: allowAllTools, language },
      () => {},
    );
  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
  const switchedOff = async (entityId: string, domain: string) => {
    await restCall(info, domain, "turn_off", { entity_id: entityId });
    await expect.poll(async () => (await restState(info, entityId)).state, { timeout: 20_000 }).toBe("off");
  };

  for (const { said, service, target, language } of [
    { said: "can you turn on the kitchen light?", service: "light.turn_on", target: "light.kitchen_lights" },
    { said: "可以把风扇打开吗", service: "fan.turn_on", target: "fan.living_room_fan" },
    {
      said: "kannst du das Licht in der Küche einschalten?",
      service: "light.turn_on",
      target: "light.kitchen_lights",
      language: "de",
    },
    {
      said: "peux-tu allumer le ventilateur ?",
      service: "fan.turn_on",
      target: "fan.living_room_fan",
      language: "fr",
    },
  ]) {
    it(`"${said}" turns the device on`, { timeout: 60_000, retry: 2 }, async () => {
      const [domain] = service.split(".");
      await switchedOff(target, domain!);
      h.llm.script({ toolCalls: [{ name: "iot_control", arguments: { service, target } }] }, (request) => {
        const [result] = toolResults(request);
        return { text: result.success ? "On." : `Failed: ${result.error}` };
      });
      const outcome = await turn(said, undefined, language);
      expect(outcome.text).toBe("On.");
      expect((await restState(info, target)).state).toBe("on");
    });
  }

  for (const { said, language, asked } of [
    { said: "is the bed light on?", language: undefined, asked: "Do you want me to turn on Bed Light?" },
    { said: "Ist das Bettlicht an?", language: "de", asked: "Soll ich Bed Light einschalten?" },
  ]) {
    it(
      `"${said}" answered with a wrong iot_control call asks first, and "yes" acts`,
      { timeout: 60_000, retry: 2 },
      async () => {
        const bed = info.fixture.offLight;
        await switchedOff(bed, "light");
        let id = "";
        h.llm.script(
          { toolCalls: [{ name: "iot_control", arguments: { service: "light.turn_on", target: bed } }] },
          (request) => {
            const [waiting] = toolResults(request);
            expect(waiting).toMatchObject({
              success: true,
              data: { status: "confirmation_required", question: asked },
            });
            id = waiting.data.confirmation_id;
            // The model answers the question it was asked, and does not ask the person.
            return { text: "The bed light is off." };
          },
        );
        const first = await turn(said, undefined, language);
        expect(first.text).toBe(`The bed light is off. ${asked}`);
        expect((await restState(info, bed)).state).toBe("off");

        h.llm.script(
          (request) => {
            expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "yes" });
            return { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: id } }] };
          },
          (request) => {
            const done = toolResults(request).at(-1);
            return { text: done.success ? "Done." : `Failed: ${done.error}` };
          },
        );
        const second = await turn("yes", first.conversationId, language);
        expect(second.text).toBe("Done.");
        expect((await restState(info, bed)).state).toBe("on");
      },
    );
  }
});
