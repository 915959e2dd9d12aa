/**
 * iot_control's name → entity step at scale: whole sentences as a literal-minded model passes them
 * (request words, settings, lists, phrases naming no device) among 5,000 entities. Refusals count: a
 * refused target is as much work as a found one.
 */
import { EntityDirectory } from "../src/ha/directory.js";
import { ToolError } from "../src/tools/contract.js";
import { resolveTargets } from "../src/tools/home/iot/targets.js";
import { generatedHome } from "../test/ha/support/generated-home.js";
import { ms, printTable, summarize } from "./stats.js";

const TARGETS: [service: string, target: string][] = [
  ["light.turn_on", "Please turn on the Bedroom F2 Ceiling Light"],
  ["light.turn_on", "把1楼客厅的吸顶灯打开"],
  ["light.turn_off", "1楼客厅吸顶灯关掉吧"],
  ["light.turn_on", "Set the Kitchen F3 Ceiling Light to 50% brightness"],
  ["switch.turn_on", "kitchen f3 plug"],
  ["switch.turn_on", "打开3楼厨房的插座"],
  ["climate.set_temperature", "书房空调调到26度"],
  ["cover.open_cover", "open the garage f1 curtain please"],
  ["media_player.volume_set", "Set the volume to 50%"],
  ["media_player.media_pause", "pause the music in the Kids Room F3"],
  ["media_player.media_next_track", "下一首"],
  ["fan.turn_on", "both the Study F4 Fan and the Bedroom F2 Fan"],
  ["light.turn_on", "1楼客厅吸顶灯和2楼卧室吸顶灯"],
  ["light.turn_on", "swimming pool pump"],
  ["light.turn_on", "light.living_room_1_ceiling_light"],
];

export function benchResolveTargets(iterations = 200, entities = 5_000): void {
  const home = generatedHome(entities);
  const dir = new EntityDirectory(home.registries, home.states, home.exposure);
  // One speaker playing: "下一首" names no device, so the state picks it (src/ha/service-states.ts).
  const states = { ...home.states };
  const speaker = Object.keys(states).find((id) => id.startsWith("media_player."))!;
  states[speaker] = { ...states[speaker]!, state: "playing" };
  const once = ([service, target]: [string, string]) => {
    const [domain, name] = service.split(".") as [string, string];
    try {
      resolveTargets(dir, { domain, service: name, targets: [target], all: false, states });
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
    }
  };
  for (let i = 0; i < 20; i++) TARGETS.forEach(once);
  const all: number[] = [];
  const per = new Map(TARGETS.map((t) => [t[1], [] as number[]]));
  // CPU time too: on a shared machine the wall-clock tail is mostly other processes.
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    for (const t of TARGETS) {
      const started = performance.now();
      once(t);
      const took = performance.now() - started;
      all.push(took);
      per.get(t[1])!.push(took);
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuMean = (cpu.user + cpu.system) / 1000 / all.length;
  const total = summarize(all);
  const slowest = [...per]
    .map(([q, v]) => [q, summarize(v)] as const)
    .sort((a, b) => b[1].p99 - a[1].p99)[0]!;
  printTable(
    `iot_control targets → entities among ${dir.entities.length} entities; ${TARGETS.length} sentences × ${iterations}`,
    ["measure", "mean ms", "p50 ms", "p99 ms"],
    [
      ["one target (all sentences)", ms(total.mean), ms(total.p50), ms(total.p99)],
      ["CPU time per target (mean)", ms(cpuMean), "", ""],
      [`slowest: "${slowest[0]}"`, ms(slowest[1].mean), ms(slowest[1].p50), ms(slowest[1].p99)],
    ],
  );
}

if (process.argv[1]?.endsWith("resolve-targets.ts")) benchResolveTargets();
