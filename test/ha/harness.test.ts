import {
  callService,
  createConnection,
  createLongLivedTokenAuth,
  getStates,
  type Connection,
  type HassEntity,
} from "home-assistant-js-websocket";
import WebSocket from "ws";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeHa, restartSharedHa } from "../fixtures/ha/use-ha.js";

// home-assistant-js-websocket expects a browser-style global WebSocket, which Node 20 lacks.
(globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;

interface AreaEntry {
  area_id: string;
  name: string;
  aliases: string[];
}

describeHa("Home Assistant test harness", (ha) => {
  const { fixture } = ha;
  let conn: Connection;
  const connect = () => createConnection({ auth: createLongLivedTokenAuth(ha.url, ha.token) });
  const stateOf = async (entityId: string): Promise<HassEntity | undefined> =>
    (await getStates(conn)).find((s) => s.entity_id === entityId);

  beforeAll(async () => {
    conn = await connect();
  });
  afterAll(() => conn?.close());

  it("serves the Chinese-named entities in their areas", async () => {
    const states = await getStates(conn);
    const names = new Map(states.map((s) => [s.entity_id, s.attributes.friendly_name]));
    for (const entity of Object.values(fixture.entities))
      expect(names.get(entity.entityId)).toBe(entity.name);
    expect(names.get(fixture.entities.livingRoomLamp.entityId)).toBe("客厅灯");

    const areas = await conn.sendMessagePromise<AreaEntry[]>({ type: "config/area_registry/list" });
    for (const area of Object.values(fixture.areas)) {
      expect(areas).toContainEqual(expect.objectContaining({ area_id: area.id, name: area.name }));
    }
    const entry = await conn.sendMessagePromise<{ area_id: string; aliases: string[] }>({
      type: "config/entity_registry/get",
      entity_id: fixture.entities.livingRoomLamp.entityId,
    });
    expect(entry.area_id).toBe(fixture.areas.livingRoom.id);
    expect(entry.aliases).toEqual(expect.arrayContaining([...fixture.entities.livingRoomLamp.aliases]));
  });

  it("keeps the deliberately hidden entity unexposed to Assist", async () => {
    // The list holds only exposed entities.
    const { exposed_entities } = await conn.sendMessagePromise<{
      exposed_entities: Record<string, { conversation?: boolean }>;
    }>({ type: "homeassistant/expose_entity/list" });
    expect(exposed_entities[fixture.lock]?.conversation).toBe(true);
    expect(exposed_entities[fixture.notExposed]?.conversation).toBeUndefined();
    const entry = await conn.sendMessagePromise<{ options: { conversation?: { should_expose?: boolean } } }>({
      type: "config/entity_registry/get",
      entity_id: fixture.notExposed,
    });
    expect(entry.options.conversation?.should_expose).toBe(false);
  });

  it("turns a demo light on", async () => {
    // The HA is shared by every test file: start from the fixture's state, whatever ran before.
    await callService(conn, "light", "turn_off", {}, { entity_id: fixture.offLight });
    await expect.poll(async () => (await stateOf(fixture.offLight))?.state).toBe("off");
    expect((await stateOf(fixture.offLight))?.state).toBe("off");
    await callService(conn, "light", "turn_on", { brightness: 128 }, { entity_id: fixture.offLight });
    await expect.poll(async () => (await stateOf(fixture.offLight))?.state).toBe("on");
    expect((await stateOf(fixture.offLight))?.attributes.brightness).toBe(128);
  });

  it("drives a Chinese-named template light", async () => {
    const lamp = fixture.entities.livingRoomLamp.entityId;
    await callService(conn, "light", "turn_on", {}, { entity_id: lamp });
    await expect.poll(async () => (await stateOf(lamp))?.state).toBe("on");
  });

  it("keeps its port past HA 2026.11's five-minute trial of the http config: the fixture confirmed it", async () => {
    const [year, month] = ha.version.split(".").map(Number) as [number, number];
    if (year * 100 + month < 202611) return; // no trial, and no command, before 2026.11
    const config = await conn.sendMessagePromise({ type: "http/config" });
    expect(config).toMatchObject({ pending: null, revert_at: null });
  });

  it("restarts with the same URL and token", { timeout: 120_000 }, async () => {
    conn.close();
    await restartSharedHa(ha);
    conn = await connect();
    const states = await getStates(conn);
    expect(states.map((s) => s.entity_id)).toContain(fixture.climate);
    const entry = await conn.sendMessagePromise<{ area_id: string | null; device_id: string | null }>({
      type: "config/entity_registry/get",
      entity_id: fixture.garageDoor,
    });
    // The demo's garage door is its device's main entity: the fixture puts the area on the device.
    const devices = await conn.sendMessagePromise<{ id: string; area_id: string | null }[]>({
      type: "config/device_registry/list",
    });
    const area = entry.area_id ?? devices.find((d) => d.id === entry.device_id)?.area_id;
    expect(area).toBe(fixture.areas.garage.id);
  });
});
