/**
 * Event-loop delay while hostile HTML is read (issue 17): web_fetch of a page served by the local web
 * fixture, and knowledge ingest of the same document as an uploaded file, for a page nested 1,000 deep
 * (11 KB) and one of 200,000 flat <p> (2.6 MB). The loop delay is sampled by perf_hooks'
 * monitorEventLoopDelay (10 ms resolution) over each operation alone; target: p99 under 50 ms. The first
 * run of each pair also starts the page reader's child process. "loop busy" is the share of the time the
 * loop ran code (event-loop utilization), which other processes on the machine disturb less than the
 * delay. A first row gives the idle loop's delay on the same machine, for scale. With `--before` (or BENCH_HOSTILE_BEFORE=1)
 * it also measures the old way, the same extraction on the event loop without limits (some 20 s).
 * Standalone: `npx tsx bench/hostile-documents.ts [--before]`.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { KnowledgeBase } from "../src/knowledge/knowledge-base.js";
import { silentLogger } from "../src/logging/logger.js";
import { extractPage } from "../src/net/extract.js";
import { createNetworkGuard } from "../src/net/guard.js";
import { stopPageReader } from "../src/net/page-reader.js";
import { openDatabase } from "../src/store/database.js";
import { webFetchTool } from "../src/tools/general/web-fetch.js";
import { flatHtml, nestedHtml } from "../test/fixtures/web/hostile-html.js";
import { startWebFixture } from "../test/fixtures/web/server.js";
import { toolContext } from "../test/support/tool-context.js";
import { printTable } from "./stats.js";

interface Measured {
  ms: number;
  p99: number;
  max: number;
  /** Share of the time the event loop was busy (performance.eventLoopUtilization). */
  busy: number;
  outcome: string;
}

/** Runs `work` with the loop-delay histogram on; delays in ms. */
async function measure(work: () => Promise<string>): Promise<Measured> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  // Let the histogram take samples while idle too: an operation that blocks the loop from its first
  // microsecond would otherwise leave a single (huge) sample.
  histogram.enable();
  const utilization = performance.eventLoopUtilization();
  const started = performance.now();
  const outcome = await work();
  const ms = performance.now() - started;
  const busy = performance.eventLoopUtilization(utilization).utilization;
  // The histogram's timer must fire once more to record a delay that lasted until the work ended.
  await new Promise((resolve) => setTimeout(resolve, 30));
  histogram.disable();
  return { ms, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, busy, outcome };
}

export async function benchHostileDocuments(before = false): Promise<void> {
  const web = await startWebFixture();
  const guard = createNetworkGuard({
    allowHosts: ["127.0.0.1"],
    denyHosts: [],
    allowPrivate: false,
    allowSupervisor: false,
    secretsToScrub: [],
  });
  const tool = webFetchTool({ guard });
  const db = openDatabase(":memory:");
  const knowledge = new KnowledgeBase({ db, guard, logger: silentLogger() });
  const documents = [
    ["nested 1,000 deep (11 KB)", "/nested?levels=1000", nestedHtml(1_000)],
    ["200,000 flat <p> (2.6 MB)", "/flat?elements=200000", flatHtml(200_000)],
  ] as const;
  const rows: (string | number)[][] = [];
  const row = (what: string, label: string, m: Measured) =>
    rows.push([
      what,
      label,
      m.ms.toFixed(0),
      m.p99.toFixed(1),
      m.max.toFixed(1),
      `${(100 * m.busy).toFixed(0)} %`,
      m.outcome,
    ]);
  try {
    // The machine's own noise (other processes on the same cores): the loop doing nothing for 2 s.
    const idle = await measure(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return "-";
    });
    row("baseline: idle loop", "-", idle);
    for (const [label, path, html] of documents) {
      for (const run of ["first", "again"]) {
        const fetched = await measure(async () => {
          const result = await tool.execute({ url: `${web.origin}${path}` }, toolContext());
          return result.success ? `read (${summary(result.data)})` : `error: ${result.error.slice(0, 40)}…`;
        });
        row(`web_fetch, ${run}`, label, fetched);
      }
      const ingested = await measure(async () => {
        try {
          const outcome = await knowledge.ingest({
            kind: "bytes",
            origin: "upload",
            data: Buffer.from(html),
            name: `${path.slice(1, 7)}.html`,
          });
          return `added, ${outcome.document.chunks} passages`;
        } catch (error) {
          return `error: ${(error as Error).message.slice(0, 40)}…`;
        }
      });
      row("knowledge ingest", label, ingested);
    }
    if (before) {
      for (const [label, , html] of documents) {
        const limits = { maxDepth: 1e9, maxElements: 1e9 };
        const old = await measure(async () => {
          const page = await extractPage(html, "http://127.0.0.1/", { links: false, limits });
          return `read, ${page.markdown.length} chars`;
        });
        row("before: on the event loop, no limits", label, old);
      }
    }
  } finally {
    await stopPageReader();
    db.close();
    await web.close();
  }
  printTable(
    "Event-loop delay while hostile HTML is read (target p99 < 50 ms)",
    ["operation", "document", "ms", "loop p99 ms", "loop max ms", "loop busy", "outcome"],
    rows,
  );
}

function summary(data: unknown): string {
  const note = (data as { note?: string }).note ?? "";
  const share = /only the first (\d+ %)/.exec(note);
  return share ? `first ${share[1]}` : "whole";
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchHostileDocuments(process.argv.includes("--before") || process.env.BENCH_HOSTILE_BEFORE === "1");
}
