import { describe, expect, it } from "vitest";
import { createHomeTime } from "../../../src/time/home-time.js";
import type { ToolResult } from "../../../src/tools/contract.js";
import { iotQueryTool } from "../../../src/tools/home/iot-query.js";
import { when } from "../../../src/tools/home/iot/format.js";
import { FakeHomeAssistant } from "../../ha/support/fake-ha.js";
import { sampleHome } from "../../ha/support/sample-home.js";
import { toolContext } from "../../support/tool-context.js";

const ha = new FakeHomeAssistant(sampleHome());
const tool = iotQueryTool({ ha, time: createHomeTime({ ha }) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const query = async (args: Record<string, unknown>): Promise<any> => {
  const result: ToolResult = await tool.execute(args, toolContext());
  return result.success ? result.data : { error: result.error };
};

describe("iot_query", () => {
  it("answers compact state lines with what matters for the domain", async () => {
    const answer = await query({ query: "living room lights" });
    expect(answer.matched).toBe(2);
    expect(answer.results).toContain(
      "Living Room Light Strip (light.living_room_strip): on, brightness 50%, area 客厅, changed just now",
    );
    const climate = await query({ query: "客厅空调" });
    expect(climate.results[0]).toBe(
      "客厅空调 (climate.living_room_ac): cool, current 26 °C, target 24 °C, area 客厅, changed just now",
    );
    const temperature = await query({ query: "卧室温度" });
    expect(temperature.results).toEqual([
      "Bedroom Temperature (sensor.bedroom_temperature): 21.5 °C, area Bedroom, changed just now",
    ]);
    const curtain = await query({ query: "窗帘" });
    expect(curtain.results[0]).toMatch(/客厅窗帘 \(cover\.living_room_curtain\): open, position 100%/);
  });

  it("reads a room, a kind of device (also in Chinese) or a bare domain out of the query", async () => {
    expect((await query({ query: "Bedroom lights" })).results).toEqual([
      expect.stringMatching(/^卧室台灯 \(light\.bedroom_lamp\): on/),
    ]);
    expect((await query({ query: "temperature" })).matched).toBe(2);
    expect((await query({ query: "灯" })).matched).toBe(5);
    expect((await query({ query: "lights" })).matched).toBe(5);
    const sensors = await query({ query: "sensor" });
    expect(sensors.results.every((line: string) => /\(sensor\./.test(line))).toBe(true);
    expect(sensors.matched).toBe(4);
  });

  it("reads a query that names no room in the speaker's room, as iot_control does; a room or all still wins", async () => {
    const heard = async (text: string) => {
      const result = await tool.execute({ query: text }, toolContext({ speaker: { area: "Kitchen" } }));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return result.success ? (result.data as any) : { error: result.error };
    };
    expect((await heard("lights")).results).toEqual([
      expect.stringMatching(/^Kitchen Lights \(light\.kitchen_lights\)/),
    ]);
    expect((await heard("which lights are on")).results).toEqual([
      expect.stringMatching(/^Kitchen Lights \(light\.kitchen_lights\)/),
    ]);
    expect((await heard("Bedroom lights")).results).toEqual([expect.stringMatching(/^卧室台灯/)]);
    expect((await heard("all lights")).matched).toBe(5);
  });

  it("answers an unknown room or domain with no match and a pointer to the overview", async () => {
    for (const text of ["attic", "rocket"]) {
      const answer = await query({ query: text });
      expect(answer.matched).toBe(0);
      expect(answer.note).toMatch(/Call without query for the domains and areas/);
    }
  });

  it("takes a list of entity ids, naming the ones HA does not have", async () => {
    const answer = await query({ query: "light.study_desk, sensor.bedroom_humidity light.nope" });
    expect(answer.matched).toBe(2);
    expect(answer.results).toEqual([
      expect.stringMatching(/^Bedroom Humidity \(sensor\.bedroom_humidity\): 45 %/),
      expect.stringMatching(/^Desk Lamp \(light\.study_desk\): on/),
    ]);
    expect(answer.unknown_ids).toEqual(["light.nope"]);
  });

  it("refuses the older filter arguments, pointing into query", async () => {
    expect((await query({ domain: "light", area: "Bedroom" })).error).toBe(
      'Invalid arguments for iot_query: iot_query has no "domain", "area"; it takes query, limit, history_hours. ' +
        'Put the device, room, kind, domain or entity ids into query: "卧室温度", "binary_sensor", "light.a, light.b". ' +
        "请把房间、设备类型写进 query。",
    );
    expect((await query({ query: ["light.study_desk", "lock.front_door"] })).error).toMatch(
      /query is one string; several entity ids comma-separated/,
    );
  });

  it("tells the LLM what to send instead of an out-of-range limit or history_hours", async () => {
    expect((await query({ query: "lights", limit: 0 })).error).toMatch(
      /limit is a whole number from 1 to 100 \(default 20\)\. limit 取 1–100 的整数/,
    );
    expect((await query({ query: "lights", limit: 2.5 })).error).toMatch(/whole number from 1 to 100/);
    expect((await query({ query: "Desk Lamp", history_hours: 500 })).error).toMatch(
      /history_hours is a number of hours above 0, at most 168 \(7 days\)\..*168 小时/,
    );
    expect((await query({ query: "Desk Lamp", history_hours: "24" })).error).toMatch(/at most 168/);
  });

  it("truncates to the limit and says how many more matched", async () => {
    const answer = await query({ query: "lights", limit: 2 });
    expect(answer.results).toHaveLength(2);
    expect(answer.matched).toBe(5);
    expect(answer.more).toBe("3 more matched; narrow the query (a room or kind) or raise limit (max 100).");
  });

  it("answers an unknown name with the closest matches", async () => {
    const answer = await query({ query: "bathroom fan" });
    expect(answer.matched).toBe(0);
    expect(answer.note).toMatch(/Nothing exposed to Assist matches "bathroom fan"/);
    expect(answer.closest[0]).toMatch(/^Bedroom Fan \(fan\.bedroom_fan\)/);
  });

  it("says an entity is not exposed rather than showing it", async () => {
    expect((await query({ query: "Decorative Lights" })).error).toMatch(/is not exposed to Assist/);
    expect((await query({ query: "switch.decorative" })).error).toMatch(/is not exposed to Assist/);
    const mixed = await query({ query: "light.study_desk, switch.decorative" });
    expect(mixed.results).toEqual([expect.stringMatching(/^Desk Lamp/)]);
    expect(mixed.not_exposed_to_assist).toEqual(["switch.decorative"]);
  });

  it("gives an overview without a query or filter", async () => {
    const answer = await query({});
    expect(answer.domains).toMatchObject({ light: 5, sensor: 4 });
    expect(answer.areas).toContain("客厅 (Living Room, lounge)");
  });

  it("summarises the history of the best match", async () => {
    const answer = await query({ query: "bedroom temperature", history_hours: 24 });
    expect(answer.history.summary).toBe("5 readings; min 20 °C, max 23 °C, mean 21.8 °C, last 23 °C");
    expect(answer.history.points).toHaveLength(5);
    const lamp = await query({ query: "Desk Lamp", history_hours: 2 });
    expect(lamp.history.summary).toMatch(/^4 changes; now off$/);
  });

  it("summarises a 1 Hz sensor over 48 h (172,800 readings) in a few lines", async () => {
    const busy = new FakeHomeAssistant(sampleHome());
    busy.history = async (_id, start) =>
      Array.from({ length: 48 * 3_600 }, (_, i) => ({
        at: start.getTime() + i * 1_000,
        state: String(i === 7 ? 0 : i === 123_456 ? 2_500 : i % 2 ? 300 : 100),
      }));
    const result = await iotQueryTool({ ha: busy, time: createHomeTime({ ha: busy }) }).execute(
      { query: "Kettle Power", history_hours: 48 },
      toolContext(),
    );
    if (!result.success) throw new Error(result.error);
    const { history } = result.data as { history: { summary: string; points: string[] } };
    expect(history.summary).toBe("172800 readings; min 0 W, max 2500 W, mean 200.01 W, last 300 W");
    expect(history.points.length).toBeLessThanOrEqual(25);
  });

  it("says when Home Assistant is unavailable", async () => {
    const down = new FakeHomeAssistant(sampleHome());
    down.unavailable = "Home Assistant is starting";
    const result = await iotQueryTool({ ha: down, time: createHomeTime({ ha: down }) }).execute(
      { query: "lights" },
      toolContext(),
    );
    expect(result).toEqual({
      success: false,
      error: expect.stringMatching(/^Home Assistant is unavailable \(Home Assistant is starting\)/),
    });
  });

  it("formats times relative when recent and local when older", () => {
    const now = Date.parse("2026-12-02T12:00:00Z");
    const ctx = { now, timeZone: "Asia/Shanghai" };
    expect(when("2026-12-02T11:59:30Z", ctx)).toBe("just now");
    expect(when("2026-12-02T11:15:00Z", ctx)).toBe("45 min ago");
    expect(when("2026-12-02T06:00:00Z", ctx)).toBe("6 h ago");
    expect(when("2026-11-20T06:00:00Z", ctx)).toBe("2026-11-20 14:00");
  });
});
