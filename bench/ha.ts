/**
 * Name resolution and iot_query answers at scale: a generated home of 5,000 entities (half Chinese,
 * half English names, ~200 areas), no Home Assistant needed.
 */
import { createHomeTime } from "../src/time/home-time.js";
import { EntityDirectory } from "../src/ha/directory.js";
import { resolve } from "../src/ha/resolve.js";
import { iotQueryTool } from "../src/tools/home/iot-query.js";
import { silentLogger } from "../src/logging/logger.js";
import { FakeHomeAssistant } from "../test/ha/support/fake-ha.js";
import { BENCH_QUERIES, generatedHome } from "../test/ha/support/generated-home.js";
import { testTurn } from "../test/support/turn-context.js";
import { ms, printTable, summarize } from "./stats.js";

const TYPICAL_QUERIES = ["1楼客厅的灯", "Bedroom F2 temperature", "2楼卧室温度", "温度"];

export async function benchHa(iterations = 200, entities = 5_000): Promise<void> {
  const home = generatedHome(entities);
  const builds: number[] = [];
  let dir: EntityDirectory | undefined;
  for (let i = 0; i < 8; i++) {
    const started = performance.now();
    dir = new EntityDirectory(home.registries, home.states, home.exposure);
    if (i >= 3) builds.push(performance.now() - started);
  }
  const directory = dir!;

  for (let i = 0; i < 20; i++) for (const q of BENCH_QUERIES) resolve(directory, q);
  const all: number[] = [];
  const perQuery = new Map<string, number[]>(BENCH_QUERIES.map((q) => [q, []]));
  for (let i = 0; i < iterations; i++) {
    for (const q of BENCH_QUERIES) {
      const started = performance.now();
      resolve(directory, q);
      const took = performance.now() - started;
      all.push(took);
      perQuery.get(q)!.push(took);
    }
  }
  const total = summarize(all);
  const b = summarize(builds);
  const slowest = [...perQuery]
    .map(([q, v]) => [q, summarize(v)] as const)
    .sort((x, y) => y[1].p50 - x[1].p50)[0]!;
  printTable(
    `Name resolution among ${directory.entities.length} entities (${directory.names.length} names, ${directory.areas.size} areas); ` +
      `${BENCH_QUERIES.length} queries × ${iterations}`,
    ["measure", "mean ms", "p50 ms", "p99 ms"],
    [
      ["resolve one query (all queries)", ms(total.mean), ms(total.p50), ms(total.p99)],
      [`slowest query: "${slowest[0]}"`, ms(slowest[1].mean), ms(slowest[1].p50), ms(slowest[1].p99)],
      ["build the directory (on registry/name change)", ms(b.mean), ms(b.p50), ms(b.p99)],
    ],
  );

  const ha = new FakeHomeAssistant(home);
  const tool = iotQueryTool({ ha, time: createHomeTime({ ha }) });
  const ctx = {
    signal: new AbortController().signal,
    logger: silentLogger(),
    turn: testTurn({ conversationId: "bench", turnId: "t" }),
  };
  const rows: string[][] = [];
  for (const query of TYPICAL_QUERIES) {
    const times: number[] = [];
    let content = "";
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const result = await tool.execute({ query }, ctx);
      times.push(performance.now() - started);
      content = JSON.stringify(result);
    }
    const data = JSON.parse(content).data as { matched: number; results?: string[] };
    const cjk = (content.match(/[\u3400-\u9fff]/g) ?? []).length;
    rows.push([
      `"${query}"`,
      `${data.results?.length ?? 0}/${data.matched}`,
      String(content.length),
      String(Math.round(content.length / 4)),
      String(Math.round((content.length - cjk) / 4 + cjk)),
      ms(summarize(times).p50),
    ]);
  }
  printTable(
    "iot_query answers (the JSON the LLM reads; default limit 20)",
    ["query", "shown/matched", "chars", "≈tokens (chars/4)", "≈tokens (ASCII/4 + 1 per CJK char)", "p50 ms"],
    rows,
  );
}
