import { describe, expect, it } from "vitest";
import { inServedState, statesServed } from "../../src/ha/service-states.js";
import { ToolError } from "../../src/tools/contract.js";
import { resolveTargets } from "../../src/tools/home/iot/targets.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { Confirmations } from "../../src/tools/confirmations.js";
import { iotControlTool } from "../../src/tools/home/iot-control.js";
import type { HassServices } from "../../src/ha/types.js";
import { FAKE_SERVICES, FakeHomeAssistant } from "./support/fake-ha.js";
import { buildHome, type BuiltHome, type EntitySpec } from "./support/home-builder.js";
import { data, error } from "../tools/home/control-helpers.js";
import { toolContext } from "../support/tool-context.js";

/** Three speakers and a TV in three rooms; `playing` says which are playing, the rest are idle. */
function home(states: Record<string, string>) {
  const players: EntitySpec[] = [
    { id: "media_player.kitchen_speaker", name: "Kitchen Speaker", area: "kitchen", deviceClass: "speaker" },
    { id: "media_player.bedroom_speaker", name: "卧室音箱", area: "bedroom", deviceClass: "speaker" },
    { id: "media_player.study_speaker", name: "Study Speaker", area: "study", deviceClass: "speaker" },
  ];
  return buildHome(
    [
      { id: "kitchen", name: "Kitchen", aliases: ["厨房"] },
      { id: "bedroom", name: "卧室", aliases: ["Bedroom"] },
      { id: "study", name: "Study", aliases: ["书房"] },
    ],
    [
      ...players.map((p) => ({ ...p, state: states[p.id] ?? "idle" })),
      { id: "light.kitchen", name: "Kitchen Light", area: "kitchen", state: "off" },
    ],
  );
}

const PLAYING_KITCHEN = { "media_player.kitchen_speaker": "playing" };

function acted(states: Record<string, string>, service: string, target: string, all = false): string[] {
  const built = home(states);
  const [domain, name] = service.split(".") as [string, string];
  return resolveTargets(built.directory(), {
    domain,
    service: name,
    targets: [target],
    all,
    states: built.states,
  })
    .map((e) => e.entityId)
    .sort();
}

function refused(states: Record<string, string>, service: string, target: string): string {
  try {
    throw new Error(`acted on ${acted(states, service, target).join(", ")}`);
  } catch (e) {
    if (e instanceof ToolError) return e.message;
    throw e;
  }
}

describe("the states a service applies to (HA's media_player intents)", () => {
  it("are HA's: playing for pause, track and volume changes, paused for resume, none otherwise", () => {
    for (const service of [
      "media_pause",
      "media_next_track",
      "media_previous_track",
      "volume_up",
      "volume_down",
      "volume_set",
    ])
      expect(statesServed("media_player", service)).toEqual(["playing"]);
    expect(statesServed("media_player", "media_play")).toEqual(["paused"]);
    for (const [domain, service] of [
      ["media_player", "turn_off"],
      ["media_player", "volume_mute"],
      ["media_player", "media_stop"],
      ["vacuum", "start"],
      ["cover", "close_cover"],
      ["light", "turn_on"],
    ] as const)
      expect(statesServed(domain, service)).toBeUndefined();
    const built = home(PLAYING_KITCHEN);
    const all = built.directory().entities;
    expect(inServedState(all, "media_player", "media_pause", built.states)?.map((e) => e.entityId)).toEqual([
      "media_player.kitchen_speaker",
    ]);
  });
});

describe("control targets that name no device, narrowed by state", () => {
  it("pauses, skips and turns down the one playing among three", () => {
    const asked: [service: string, targets: string[]][] = [
      ["media_pause", ["pause", "Pause the music", "the speaker", "暂停音乐", "暂停", "暂停音箱"]],
      ["media_next_track", ["next song", "skip to the next track", "下一首", "切歌"]],
      ["media_previous_track", ["上一首"]],
      ["volume_down", ["turn it down"]],
      ["volume_set", ["音量调到50%"]],
    ];
    for (const [service, targets] of asked)
      for (const target of targets)
        expect(acted(PLAYING_KITCHEN, `media_player.${service}`, target)).toEqual([
          "media_player.kitchen_speaker",
        ]);
  });

  it("resumes the one paused", () => {
    const states = { "media_player.bedroom_speaker": "paused", "media_player.study_speaker": "off" };
    for (const target of ["resume the music", "unpause", "继续播放音乐", "继续"])
      expect(acted(states, "media_player.media_play", target)).toEqual(["media_player.bedroom_speaker"]);
  });

  it("still asks when several or none are in the state, naming the candidates", () => {
    const two = { ...PLAYING_KITCHEN, "media_player.study_speaker": "playing" };
    for (const target of ["pause", "Pause the music", "暂停音乐"]) {
      const message = refused(two, "media_player.media_pause", target);
      expect(message).toMatch(/kitchen_speaker/);
      expect(message).toMatch(/study_speaker/);
      expect(message).toMatch(/bedroom_speaker/);
    }
    expect(refused(two, "media_player.media_next_track", "下一首")).toMatch(/study_speaker/);
    // Nothing paused: resume has nothing to resume, so it asks.
    expect(refused(PLAYING_KITCHEN, "media_player.media_play", "resume")).toMatch(/bedroom_speaker/);
    expect(refused({}, "media_player.media_pause", "pause")).toMatch(/kitchen_speaker/);
  });

  it("never narrows a target that names a device, nor one that asks for all", () => {
    // The study speaker is idle, the kitchen's is playing: the one named is the one meant.
    const named: [service: string, target: string, meant: string][] = [
      ["media_pause", "pause the study speaker", "study_speaker"],
      ["media_next_track", "卧室音箱下一首", "bedroom_speaker"],
      ["media_play", "Kitchen Speaker", "kitchen_speaker"],
    ];
    for (const [service, target, meant] of named)
      expect(acted(PLAYING_KITCHEN, `media_player.${service}`, target)).toEqual([`media_player.${meant}`]);
    expect(acted(PLAYING_KITCHEN, "media_player.media_pause", "all the speakers", true)).toEqual([
      "media_player.bedroom_speaker",
      "media_player.kitchen_speaker",
      "media_player.study_speaker",
    ]);
    // Several asked for, in the plural or with "all": the state does not pick one of them.
    for (const target of ["the speakers", "所有的音箱", "all speakers"])
      expect(refused(PLAYING_KITCHEN, "media_player.volume_set", target)).toMatch(/study_speaker/);
    // A service that applies in any state is not narrowed.
    expect(refused(PLAYING_KITCHEN, "media_player.turn_off", "the speakers")).toMatch(/every media_player/);
  });

  it("without the live states, resolves as before", () => {
    const built = home(PLAYING_KITCHEN);
    expect(() =>
      resolveTargets(built.directory(), {
        domain: "media_player",
        service: "media_pause",
        targets: ["pause"],
        all: false,
      }),
    ).toThrow(/kitchen_speaker.*study_speaker.*bedroom_speaker/);
  });
});

describe("iot_control with the live states", () => {
  const target = { entity: [{ domain: ["media_player"] }] };
  const services = {
    ...FAKE_SERVICES,
    media_player: { media_pause: { fields: {}, target } },
  } as unknown as HassServices;
  const control = (built: BuiltHome) => {
    const ha = new FakeHomeAssistant(built, services);
    const time = createHomeTime({ ha });
    const confirmations = new Confirmations(time);
    const tool = iotControlTool({ ha, time, confirmations, sensitiveDomains: [], settleMs: 50 });
    return { ha, call: (args: Record<string, unknown>) => tool.execute(args, toolContext({})) };
  };

  it("pauses the one playing when the words name none, and asks when two are", async () => {
    const one = control(home(PLAYING_KITCHEN));
    data(await one.call({ service: "media_player.media_pause", target: "暂停音乐" }));
    expect(one.ha.calls.map((c) => c.entityIds)).toEqual([["media_player.kitchen_speaker"]]);
    const two = control(home({ ...PLAYING_KITCHEN, "media_player.bedroom_speaker": "playing" }));
    expect(error(await two.call({ service: "media_player.media_pause", target: "pause" }))).toMatch(
      /bedroom_speaker/,
    );
    expect(two.ha.calls).toEqual([]);
  });
});
