import type { Connection } from "home-assistant-js-websocket";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openConnection } from "../../src/ha/socket.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { HaWatch } from "./support/ha-watch.js";
import { restCall, restState } from "./support/real-ha.js";

const AUTOMATION = "automation.cyrene_think_test";
const POLL = { timeout: 45_000, interval: 200 };
const SHARED = { retry: 2, timeout: 90_000 };

const outcome = (value: string, text: string) => ({ text: JSON.stringify({ outcome: value, text }) });
const toolResults = (request: RecordedRequest) =>
  request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));

/** Events of one type on HA's bus, as an automation would see them. */
async function watchEvents(info: HaInfo, type: string) {
  const conn: Connection = await openConnection(
    `${info.url.replace(/^http/, "ws")}/api/websocket`,
    info.token,
    10_000,
  );
  const seen: Record<string, unknown>[] = [];
  await conn.subscribeEvents<{ data: Record<string, unknown> }>((event) => void seen.push(event.data), type);
  return { seen, close: () => conn.close() };
}

/** Waits (outside a test too) until the harness's Cyrene is connected to HA. */
async function untilReady(h: Harness): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (h.cyrene.ha.status().state !== "ready") {
    if (Date.now() > deadline)
      throw new Error(`HA never became ready: ${JSON.stringify(h.cyrene.ha.status())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function thinkingHarness(info: HaInfo, env: Record<string, string> = {}) {
  return startHarness({
    env: {
      CYRENE_HA_URL: info.url,
      CYRENE_HA_TOKEN: info.token,
      CYRENE_THINKER_ENABLED: "true",
      CYRENE_THINKER_DEDUPE_MINUTES: "0",
      CYRENE_THINKER_YIELD_SECONDS: "0",
      CYRENE_QUIET_HOURS: "off",
      ...env,
    },
  });
}

describeHa("the Thinker, driven by a Home Assistant automation", (info) => {
  describe("a thought that tells the user", () => {
    let h: Harness;
    let watch: HaWatch;
    let thoughts: Awaited<ReturnType<typeof watchEvents>>;
    beforeAll(async () => {
      h = await thinkingHarness(info);
      watch = await HaWatch.open(info);
      thoughts = await watchEvents(info, "cyrene_thought");
      await untilReady(h);
    });
    afterAll(async () => {
      thoughts.close();
      watch.close();
      await h.close();
    });
    beforeEach(() => h.llm.reset());

    it(
      "runs from cyrene_think, uses an allowed tool, is refused the rest, never unlocks, and notifies",
      SHARED,
      async () => {
        const lock = info.fixture.lock;
        await restCall(info, "lock", "lock", { entity_id: lock });
        await expect.poll(async () => (await restState(info, lock)).state, POLL).toBe("locked");
        let prompt = "";
        h.llm.script(
          (request) => {
            prompt = String(request.body.messages.at(-1)!.content);
            return {
              toolCalls: [
                { name: "iot_query", arguments: { query: "入户门锁" } },
                { name: "iot_control", arguments: { service: "lock.unlock", target: "入户门锁" } },
                { name: "file", arguments: { operation: "write", path: "owned.txt", content: "x" } },
                { name: "http", arguments: { url: "https://example.com", method: "POST", body: "x" } },
              ],
            };
          },
          (request) => {
            const [query, unlock, file, http] = toolResults(request);
            expect(query).toMatchObject({ success: true });
            expect(unlock).toMatchObject({
              success: false,
              error: expect.stringMatching(/^Not done: .*no one is here/),
            });
            expect(file).toMatchObject({
              success: false,
              error: expect.stringMatching(/not allowed here \(policy "autonomous"\)/),
            });
            expect(http).toMatchObject({ success: false, error: expect.stringMatching(/not allowed here/) });
            return outcome("tell", "洗衣机洗好了，记得晾衣服。");
          },
        );
        await restCall(info, "automation", "trigger", { entity_id: AUTOMATION });

        await expect.poll(() => h.cyrene.thoughts.recent(1)[0]?.status, POLL).toBe("finished");
        const thought = h.cyrene.thoughts.recent(1)[0]!;
        expect(thought).toMatchObject({
          trigger: {
            kind: "event",
            prompt: "The washing machine has finished.",
            topic: "washer-test",
            notify: true,
          },
          outcome: "tell",
          text: "洗衣机洗好了，记得晾衣服。",
        });
        expect(thought.actions.map((a) => [a.tool, a.success])).toEqual([
          ["iot_query", true],
          ["iot_control", false],
          ["file", false],
          ["http", false],
        ]);
        expect(prompt).toMatch(
          /The washing machine has finished\..*The automation asks that the user be told/s,
        );
        expect(prompt).toMatch(/Facts passed along: \{"power_w":2\}/);
        await expect
          .poll(async () => (await watch.notification(`cyrene_thought_${thought.id}`))?.message, POLL)
          .toBe("洗衣机洗好了，记得晾衣服。");
        await expect
          .poll(() => thoughts.seen.find((event) => event.id === thought.id), POLL)
          .toMatchObject({
            outcome: "tell",
            text: "洗衣机洗好了，记得晾衣服。",
            trigger: { kind: "event", topic: "washer-test" },
          });
        expect((await restState(info, lock)).state).toBe("locked");
        expect(watch.callsTo("lock", "unlock")).toEqual([]);
        // The thought also shows in the API the web UI reads.
        const listed = (await (await fetch(`${h.url}/api/thoughts`)).json()) as { thoughts: unknown[] };
        expect(listed.thoughts[0]).toMatchObject({ id: thought.id, outcome: "tell" });
      },
    );

    it("leaves a note that the next conversation sees", SHARED, async () => {
      h.llm.script(outcome("note", "The washing machine finished while you were away."));
      await restCall(info, "automation", "trigger", { entity_id: AUTOMATION });
      await expect.poll(() => h.cyrene.thoughts.recent(1)[0]?.outcome, POLL).toBe("note");
      h.llm.script({ text: "Welcome back." });
      const reply = await fetch(`${h.url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "I'm home" }),
      });
      expect(reply.status).toBe(200);
      expect(String(h.llm.requests.at(-1)!.body.messages.at(-2)!.content)).toContain(
        "The washing machine finished while you were away.",
      );
    });
  });

  describe("during quiet hours", () => {
    let h: Harness;
    let watch: HaWatch;
    beforeAll(async () => {
      h = await thinkingHarness(info, { CYRENE_QUIET_HOURS: "00:00-23:59" });
      watch = await HaWatch.open(info);
      await untilReady(h);
    });
    afterAll(async () => {
      watch.close();
      await h.close();
    });

    it(
      "a message is kept as a note, and nothing reaches Home Assistant's notifications",
      SHARED,
      async () => {
        h.llm.reset();
        h.llm.script(outcome("tell", "Laundry is done."));
        await restCall(info, "automation", "trigger", { entity_id: AUTOMATION });
        await expect.poll(() => h.cyrene.thoughts.recent(1)[0]?.status, POLL).toBe("finished");
        const thought = h.cyrene.thoughts.recent(1)[0]!;
        expect(thought).toMatchObject({ outcome: "note", reason: expect.stringMatching(/quiet hours/) });
        expect(watch.created(`cyrene_thought_${thought.id}`)).toEqual([]);
      },
    );

    it("stops at the budget with the reason, counted across a restart", SHARED, async () => {
      await h.close();
      h = await thinkingHarness(info, {
        CYRENE_QUIET_HOURS: "00:00-23:59",
        CYRENE_THINKER_MAX_PER_HOUR: "1",
      });
      await untilReady(h);
      h.llm.script(outcome("nothing", "ok"));
      await restCall(info, "automation", "trigger", { entity_id: AUTOMATION });
      await expect.poll(() => h.cyrene.thoughts.recent(1)[0]?.status, POLL).toBe("finished");
      await h.restart();
      await untilReady(h);
      await restCall(info, "automation", "trigger", { entity_id: AUTOMATION });
      await expect
        .poll(() => h.cyrene.thoughts.skipsSince(Date.now() - 3_600_000), POLL)
        .toEqual({ "hourly budget": 1 });
      expect(h.cyrene.thoughts.recent(1)[0]!.status).toBe("finished");
    });
  });
});
