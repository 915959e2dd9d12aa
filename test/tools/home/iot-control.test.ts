import { describe, expect, it } from "vitest";
import { HaServiceTimeoutError, HaUnavailableError } from "../../../src/ha/index.js";
import { buildHome } from "../../ha/support/home-builder.js";
import { data, error, setupControl as setup } from "./control-helpers.js";

describe("iot_control", () => {
  it("turns on a light named in Chinese and reports the real new state", async () => {
    const { ha, call } = setup();
    const answer = data(await call({ service: "light.turn_on", target: "厨房的灯" }));
    expect(ha.calls).toEqual([
      { domain: "light", service: "turn_on", data: {}, entityIds: ["light.kitchen_lights"] },
    ]);
    expect(answer.results[0]).toMatch(
      /^Kitchen Lights \(light\.kitchen_lights\): on, .*area Kitchen.*\(was off\)$/,
    );
  });

  it("takes the service as domain.service and entity ids as target, comma-separated with names", async () => {
    const { ha, call } = setup();
    data(await call({ service: "light.turn_off", target: "light.study_desk" }));
    expect(ha.calls[0]).toMatchObject({
      domain: "light",
      service: "turn_off",
      entityIds: ["light.study_desk"],
    });
    data(await call({ service: "Light.Turn_Off", target: "light.study_desk，Kitchen Lights、卧室台灯" }));
    expect(ha.calls[1]).toMatchObject({
      domain: "light",
      service: "turn_off",
      entityIds: ["light.study_desk", "light.kitchen_lights", "light.bedroom_lamp"],
    });
  });

  it("passes brightness, colour names (also Chinese) and colour temperature, validated against the fields", async () => {
    const { ha, call } = setup();
    const answer = data(
      await call({
        service: "light.turn_on",
        target: "Desk Lamp",
        data: { brightness_pct: 40, color: "红色" },
      }),
    );
    expect(ha.calls[0]!.data).toEqual({ brightness_pct: 40, color_name: "red" });
    expect(answer.results[0]).toMatch(/brightness 40%/);
    data(
      await call({
        service: "light.turn_on",
        target: "Desk Lamp",
        data: { color_temp_kelvin: "2700" },
      }),
    );
    expect(ha.calls[1]!.data).toEqual({ color_temp_kelvin: 2700 });

    expect(error(await call({ service: "light.turn_on", target: "Desk Lamp", data: { glow: 1 } }))).toMatch(
      /light\.turn_on has no field "glow"\. Valid fields: brightness_pct \[0–100\]; color_temp_kelvin \[2000–6500\]; color_name \[select\]/,
    );
    expect(
      error(
        await call({
          service: "light.turn_on",
          target: "Desk Lamp",
          data: { brightness_pct: 150 },
        }),
      ),
    ).toMatch(/brightness_pct must be between 0 and 100, got 150/);
    expect(
      error(
        await call({
          service: "light.turn_on",
          target: "Desk Lamp",
          data: { color_name: "plaid" },
        }),
      ),
    ).toMatch(/"plaid" is not a valid color_name\. Valid: red, blue/);
    expect(ha.calls).toHaveLength(2);
  });

  it("sets a climate temperature and refuses a missing required field", async () => {
    const { ha, call } = setup();
    const answer = data(
      await call({
        service: "climate.set_temperature",
        target: "客厅空调",
        data: { temperature: 22 },
      }),
    );
    expect(answer.results[0]).toMatch(/target 22 °C/);
    expect(error(await call({ service: "climate.set_hvac_mode", target: "客厅空调" }))).toMatch(
      /needs hvac_mode/,
    );
    expect(ha.calls).toHaveLength(1);
  });

  it("takes entity_id given inside data as the target", async () => {
    const { ha, call } = setup();
    data(
      await call({
        service: "light.turn_on",
        data: { entity_id: "light.study_desk", brightness_pct: 10 },
      }),
    );
    expect(ha.calls[0]).toMatchObject({ entityIds: ["light.study_desk"], data: { brightness_pct: 10 } });
  });

  it("calls notification services without a target, but no other untargeted service", async () => {
    const { ha, call } = setup();
    expect(error(await call({ service: "notify.notify" }))).toBe("notify.notify needs message.");
    expect(data(await call({ service: "notify.notify", data: { message: "hi" } })).done).toBe(
      'call notify.notify with message="hi"',
    );
    expect(ha.calls).toEqual([
      { domain: "notify", service: "notify", data: { message: "hi" }, entityIds: [] },
    ]);
    expect(error(await call({ service: "notify.notify", target: "Kettle", data: { message: "x" } }))).toMatch(
      /does not act on devices/,
    );
    expect(error(await call({ service: "shell_command.reboot_router" }))).toMatch(
      /acts on no particular device, so Cyrene can't check it is exposed/,
    );
  });

  it("names unknown domains and services with the valid ones", async () => {
    const { call } = setup();
    expect(error(await call({ service: "light.dim", target: "Desk Lamp" }))).toBe(
      'light has no service "dim". Valid services: toggle, turn_off, turn_on.',
    );
    expect(error(await call({ service: "teleporter.go", target: "x" }))).toMatch(
      /no services for "teleporter"/,
    );
    expect(error(await call({ service: "homeassistant.restart" }))).toMatch(/manages Home Assistant itself/);
    expect(error(await call({ target: "Desk Lamp" }))).toMatch(
      /^Pass service as domain\.service, e\.g\. "light\.turn_on" or "climate\.set_temperature"; or only confirmation_id/,
    );
    expect(error(await call({ service: "light.turn_on" }))).toMatch(
      /^Say what to control: pass target, e\.g\. "客厅的灯", "bedroom lamp" or entity ids \(comma-separated\)\./,
    );
    expect(error(await call({ service: "turn_on", target: "Desk Lamp" }))).toMatch(
      /^Pass service as domain\.service, e\.g\. "light\.turn_on".*, not "turn_on"/,
    );
    for (const service of ["turn_on", "light.turn.on", "."]) {
      expect(error(await call({ service, target: "Desk Lamp" }))).toMatch(
        new RegExp(
          `^Pass service as domain\\.service, .*, not "${service.replace(/\./g, "\\.")}".*例如 light\\.turn_on`,
        ),
      );
    }
  });

  it("refuses arguments of the older shape rather than dropping them, which could widen the target", async () => {
    const { ha, call } = setup();
    const old = [
      { domain: "light", service: "turn_on", target: "Desk Lamp" },
      { service: "light.turn_off", target: "lights", area: "Bedroom", all: true },
      { service: "light.turn_off", entity_ids: ["light.study_desk"] },
    ];
    for (const args of old) {
      expect(error(await call(args))).toMatch(
        /^Invalid arguments for iot_control: iot_control has no "(domain|area|entity_ids)"; it takes service \(domain\.service\), target .*请把房间和设备写进 target/,
      );
    }
    expect(
      error(await call({ service: "light.turn_off", target: ["light.study_desk", "Kitchen Lights"] })),
    ).toBe(
      'Invalid arguments for iot_control: target: target is one string; several targets comma-separated: "客厅的灯, light.desk_lamp".',
    );
    expect(ha.calls).toHaveLength(0);
  });

  it("refuses ambiguous names, listing the candidates, unless the user asked for all", async () => {
    const home = buildHome(
      [{ id: "office", name: "Office" }],
      [
        { id: "light.desk_lamp_left", name: "Desk Lamp Left", area: "office" },
        { id: "light.desk_lamp_right", name: "Desk Lamp Right", area: "office" },
      ],
    );
    const { ha, call } = setup({}, home);
    expect(error(await call({ service: "light.turn_on", target: "desk lamp" }))).toMatch(
      /"desk lamp" could mean several devices: Desk Lamp Left \(light\.desk_lamp_left, Office\), Desk Lamp Right/,
    );
    expect(ha.calls).toHaveLength(0);
    data(await call({ service: "light.turn_on", target: "desk lamp", all: true }));
    expect(ha.calls[0]!.entityIds?.sort()).toEqual(["light.desk_lamp_left", "light.desk_lamp_right"]);
  });

  it("controls a room's lights for 客厅的灯 but the lamp of that name for 客厅灯, the room's lights as a group", async () => {
    const home = buildHome(
      [{ id: "living_room", name: "客厅", aliases: ["Living Room"] }],
      [
        {
          id: "light.living_room_lamp",
          name: "客厅灯",
          area: "living_room",
          aliases: ["大灯"],
          state: "off",
        },
        { id: "light.ceiling", name: "Ceiling Lights", area: "living_room", state: "off" },
        { id: "light.strip", name: "Light Strip", area: "living_room", state: "off" },
      ],
    );
    const room = ["light.ceiling", "light.living_room_lamp", "light.strip"];
    const { ha, call } = setup({}, home);
    data(await call({ service: "light.turn_on", target: "客厅的灯" }));
    data(await call({ service: "light.turn_on", target: "客厅灯" }));
    data(await call({ service: "light.turn_on", target: "大灯" }));
    expect(ha.calls.map((c) => c.entityIds?.sort())).toEqual([
      room,
      ["light.living_room_lamp"],
      ["light.living_room_lamp"],
    ]);
    // A room bounds how many, as HA's intents act on every light there: the limit is for phrases without one.
    const strict = setup({ maxTargetsWithoutAll: 2 }, home);
    data(await strict.call({ service: "light.turn_on", target: "客厅的灯" }));
    expect(strict.ha.calls.map((c) => c.entityIds?.sort())).toEqual([room]);
  });

  it("lists both devices a shared name means, also when called with another domain's service", async () => {
    const home = buildHome(
      [{ id: "study", name: "书房" }],
      [
        { id: "switch.desk_lamp_one", name: "Desk Lamp One", area: "study" },
        { id: "switch.desk_lamp_two", name: "Desk Lamp Two", area: "study" },
        { id: "light.ceiling", name: "Ceiling Lights" },
      ],
    );
    const { ha, call } = setup({}, home);
    const both =
      /Desk Lamp One \(switch\.desk_lamp_one, 书房\), Desk Lamp Two \(switch\.desk_lamp_two, 书房\)/;
    const asSwitch = error(await call({ service: "switch.turn_on", target: "desk lamp" }));
    expect(asSwitch).toMatch(/^"desk lamp" could mean several devices: /);
    expect(asSwitch).toMatch(both);
    expect(error(await call({ service: "light.turn_on", target: "desk lamp" }))).toMatch(
      new RegExp(
        `^"desk lamp" could mean several devices, none of them a light: ${both.source}\\. ` +
          "Ask the user which one, then use its own domain's services \\(e\\.g\\. switch\\.turn_on\\)\\.$",
      ),
    );
    expect(ha.calls).toHaveLength(0);
  });

  it("refuses house-wide targets unless all is true", async () => {
    const { ha, call } = setup();
    expect(error(await call({ service: "light.turn_off", target: "lights" }))).toMatch(
      /every light in the house \(5: .*\)\. Pass all: true only if the user asked for all of them/,
    );
    expect(error(await call({ service: "light.turn_off", target: "所有的灯" }))).toMatch(/every light/);
    data(await call({ service: "light.turn_off", target: "lights", all: true }));
    expect(ha.calls[0]!.entityIds).toHaveLength(5);
    const few = setup({ maxTargetsWithoutAll: 1 });
    data(await few.call({ service: "light.turn_off", target: "客厅的灯" }));
    expect(few.ha.calls[0]!.entityIds).toHaveLength(2);
  });

  it("refuses a house-wide group among comma-separated targets or in data, but takes ids and exact names", async () => {
    const { ha, call } = setup();
    for (const args of [
      { target: "covers" },
      { target: "cover.garage_door, covers" },
      { target: "车库门，covers" },
      { data: { entity_id: "cover" } },
    ]) {
      expect(error(await call({ service: "cover.close_cover", ...args }))).toMatch(
        /every cover in the house \(2: .*\)\. Pass all: true only if the user asked for all of them; otherwise name the device or the room/,
      );
    }
    expect(error(await call({ service: "light.turn_off", target: "所有的灯" }))).toMatch(
      /every light in the house \(5: /,
    );
    expect(ha.calls).toHaveLength(0);
    data(await call({ service: "cover.close_cover", target: "Garage Door" }));
    data(await call({ service: "light.turn_off", target: "客厅的灯" }));
    data(await call({ service: "cover.close_cover", target: "covers", all: true }));
    expect(ha.calls.map((c) => c.entityIds?.sort())).toEqual([
      ["cover.garage_door"],
      ["light.living_room_ceiling", "light.living_room_strip"],
      ["cover.garage_door", "cover.living_room_curtain"],
    ]);
  });

  it("refuses entities that are not exposed and says how to expose them", async () => {
    const { ha, call } = setup();
    for (const args of [
      { target: "Decorative Lights" },
      { target: "switch.decorative" },
      { target: "Kettle, switch.decorative" },
    ]) {
      expect(error(await call({ service: "switch.turn_off", ...args }))).toMatch(
        /Decorative Lights \(switch\.decorative\) is not exposed to Assist.*Settings → Voice assistants → Expose/,
      );
    }
    expect(ha.calls).toHaveLength(0);
  });

  it("re-reads HA's exposure settings before refusing, so a just-exposed entity works", async () => {
    const { ha, call } = setup();
    ha.exposedInHa = ["switch.decorative"];
    const answer = data(await call({ service: "switch.turn_off", target: "Decorative Lights" }));
    expect(answer.results[0]).toMatch(/^Decorative Lights \(switch\.decorative\): off/);
    expect(ha.refreshes).toBe(1);
  });

  it("asks HA right before the call whether the targets are still exposed, and refuses those it un-exposed", async () => {
    const { ha, call } = setup();
    data(await call({ service: "light.turn_off", target: "Kitchen Lights, Desk Lamp" }));
    expect(ha.exposureChecks).toEqual([["light.kitchen_lights", "light.study_desk"]]);

    ha.unexposedInHa = ["light.study_desk"]; // un-exposed in HA; the cached settings don't know yet
    expect(error(await call({ service: "light.turn_on", target: "Kitchen Lights, Desk Lamp" }))).toMatch(
      /^Desk Lamp \(light\.study_desk\) is not exposed to Assist/,
    );
    expect(ha.calls).toHaveLength(1);

    // Asking HA fails: nothing is called.
    ha.unexposedInHa = [];
    ha.exposureNow = () => Promise.reject(new HaUnavailableError("connection lost, reconnecting"));
    expect(error(await call({ service: "light.turn_on", target: "Desk Lamp" }))).toMatch(
      /^Home Assistant is unavailable \(connection lost, reconnecting\)/,
    );
    expect(ha.calls).toHaveLength(1);
  });

  it("checks a confirmed action and an exposed script again at the moment they run", async () => {
    const { ha, call } = setup({ sensitiveDomains: ["light"] });
    const asked = data(await call({ service: "light.turn_on", target: "Desk Lamp" }, "turn-1"));
    expect(asked.status).toBe("confirmation_required");
    expect(ha.exposureChecks).toHaveLength(0); // nothing runs yet
    ha.unexposedInHa = ["light.study_desk"];
    expect(error(await call({ confirmation_id: asked.confirmation_id }, "turn-2"))).toMatch(
      /Desk Lamp \(light\.study_desk\) is not exposed to Assist/,
    );
    expect(ha.calls).toHaveLength(0);

    const home = buildHome([], [{ id: "script.good_night", name: "Good Night" }]);
    const scripted = setup({}, home);
    scripted.ha.unexposedInHa = ["script.good_night"];
    expect(error(await scripted.call({ service: "script.good_night" }))).toMatch(
      /Good Night \(script\.good_night\) is not exposed to Assist/,
    );
    expect(scripted.ha.exposureChecks).toEqual([["script.good_night"]]);
    expect(scripted.ha.calls).toHaveLength(0);
  });

  it("answers an unknown name with the closest matches, and a wrong domain with the right one", async () => {
    const { call } = setup();
    expect(error(await call({ service: "fan.turn_on", target: "bathroom fan" }))).toMatch(
      /No fan matches "bathroom fan"\. Closest matches: Bedroom Fan \(fan\.bedroom_fan, Bedroom\)/,
    );
    for (const target of ["Kettle", "switch.kitchen_kettle", "Desk Lamp, switch.kitchen_kettle"]) {
      expect(error(await call({ service: "light.turn_on", target }))).toBe(
        "Kettle (switch.kitchen_kettle) is a switch, not a light: use switch services (e.g. switch.turn_on).",
      );
    }
  });

  it("says so when the state did not change", async () => {
    const { ha, call } = setup();
    ha.inert = true;
    const answer = data(await call({ service: "light.turn_on", target: "Kitchen Lights" }));
    expect(answer.results[0]).toMatch(/: off, .*\(no change seen within 0\.3 s\)/);
    expect(answer.note).toMatch(/did not change/);
    const already = data(await call({ service: "light.turn_on", target: "Desk Lamp" }));
    expect(already.results[0]).toMatch(/\(already so\)$/);
    const sameTarget = data(
      await call({
        service: "climate.set_temperature",
        target: "客厅空调",
        data: { temperature: 24 },
      }),
    );
    expect(sameTarget.results[0]).toMatch(/target 24 °C.*\(already so\)$/);
  });

  it("waits for a state change that arrives a little later", async () => {
    const { ha, call } = setup();
    ha.delayMs = 100;
    const answer = data(await call({ service: "fan.turn_on", target: "Bedroom Fan" }));
    expect(answer.results[0]).toMatch(/: on, .*\(was off\)$/);
  });

  it("says a call HA did not confirm in time may still be running, to check before any retry", async () => {
    const { ha, call } = setup();
    ha.callService = () => Promise.reject(new HaServiceTimeoutError(8));
    const answer = error(await call({ service: "lock.lock", target: "Front Door" }));
    expect(answer).toMatch(
      /^Home Assistant accepted the call but did not confirm within 8 s; it may still be running\. .*Check the state with iot_query before trying again/,
    );
    expect(answer).not.toMatch(/unavailable|try again in a moment/);
  });

  it("answers at once when Home Assistant is unavailable, and relays HA's errors", async () => {
    const { ha, call } = setup();
    ha.unavailable = "connection lost, reconnecting";
    const started = Date.now();
    expect(error(await call({ service: "light.turn_on", target: "Desk Lamp" }))).toMatch(
      /^Home Assistant is unavailable \(connection lost, reconnecting\).*Home Assistant 当前不可用/,
    );
    expect(Date.now() - started).toBeLessThan(100);
    ha.unavailable = undefined;
    expect(
      error(
        await call({
          service: "light.turn_on",
          target: "Desk Lamp",
          data: { brightness_pct: 13 },
        }),
      ),
    ).toBe("Home Assistant refused: unlucky brightness (invalid_format)");
  });
});
