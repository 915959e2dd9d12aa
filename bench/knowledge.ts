/**
 * The knowledge base: ingest throughput, search latency at 10k and 100k passages (full text, and hybrid with
 * vectors), and retrieval quality (recall@5, MRR) on the labelled questions of bench/knowledge-corpus (not
 * bench/data: .gitignore ignores every data/ folder), full text and hybrid side by side. The hybrid figures
 * use the scripted server's hashed character-n-gram embedding (256 dimensions, see
 * test/fixtures/scripted-llm/server.ts), a deterministic stand-in that knows spelling, not meaning: they show
 * what the fusion and the vector store cost and do, not what a real embedding model would add.
 * Standalone: `npx tsx bench/knowledge.ts [sizes…]`.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Embedder } from "../src/knowledge/embeddings.js";
import { KnowledgeBase } from "../src/knowledge/knowledge-base.js";
import type { Passage } from "../src/knowledge/types.js";
import { silentLogger } from "../src/logging/logger.js";
import { createNetworkGuard } from "../src/net/guard.js";
import { openDatabase, type Db } from "../src/store/database.js";
import { hashedEmbedding, ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { corpus, isChinese, questions, syntheticChunks, type LabelledQuestion } from "./knowledge-data.js";
import { ms, printTable, summarize } from "./stats.js";

const MODEL = "hashed-ngrams-256";
const guard = createNetworkGuard({
  allowHosts: [],
  denyHosts: [],
  allowPrivate: false,
  allowSupervisor: false,
  secretsToScrub: [],
});

function knowledgeBase(db: Db, embeddingsUrl?: string): KnowledgeBase {
  const embedder = embeddingsUrl
    ? new Embedder({ baseUrl: embeddingsUrl, apiKey: "", model: MODEL, queryCacheSize: 0 })
    : undefined;
  return new KnowledgeBase({ db, guard, logger: silentLogger(), embedder });
}

export async function benchKnowledge(sizes = [10_000, 100_000]): Promise<void> {
  const llm = await ScriptedLlm.start();
  const dir = mkdtempSync(join(tmpdir(), "cyrene-bench-knowledge-"));
  try {
    await benchIngest(dir, llm.baseUrl);
    await benchQuality(llm.baseUrl);
    await benchLatency(dir, llm.baseUrl, sizes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await llm.close();
  }
}

/**
 * Markdown ingested one document at a time (read, chunk, hash, store, index in one transaction each): short
 * notes (one corpus file each), and manuals of 70 corpus files together, with and without vectors.
 */
async function benchIngest(dir: string, embeddingsUrl: string): Promise<void> {
  const docs = corpus();
  const rows: (string | number)[][] = [];
  for (const [label, url, filesPerDocument, documents] of [
    ["notes (~1.2 KB each), full text", undefined, 1, 4_000],
    ["manuals (~85 KB each), full text", undefined, 70, 60],
    ["manuals, full text + vectors (local HTTP endpoint)", embeddingsUrl, 70, 6],
  ] as const) {
    const db = openDatabase(join(dir, `ingest-${filesPerDocument}-${documents}.db`));
    const base = knowledgeBase(db, url);
    let bytes = 0;
    let chunks = 0;
    const started = performance.now();
    for (let i = 0; i < documents; i++) {
      const parts = Array.from({ length: filesPerDocument }, (_, k) => {
        const doc = docs[(i * filesPerDocument + k) % docs.length]!;
        return `${doc.text}\n\nPart ${i}.${k} of ${doc.name}.`;
      });
      const text = parts.join("\n\n");
      bytes += Buffer.byteLength(text);
      chunks += (await base.ingest({ kind: "text", text, title: `Document ${i}` })).document.chunks;
    }
    const seconds = (performance.now() - started) / 1000;
    rows.push([
      label,
      documents,
      (bytes / 2 ** 20).toFixed(1),
      chunks,
      seconds.toFixed(2),
      (bytes / 2 ** 20 / seconds).toFixed(2),
    ]);
    db.close();
  }
  printTable(
    "Knowledge ingest throughput (Markdown, English and Chinese)",
    ["input", "documents", "MB", "passages", "s", "MB/s"],
    rows,
  );
}

interface Quality {
  recall: number;
  mrr: number;
  n: number;
}

/** Recall@5 and MRR (first hit within the top 10) on the labelled questions. */
async function benchQuality(embeddingsUrl: string): Promise<void> {
  const db = openDatabase(":memory:");
  const base = knowledgeBase(db, embeddingsUrl);
  const titles = new Map<string, string>();
  for (const doc of corpus()) {
    const outcome = await base.ingest({ kind: "text", text: doc.text, source: doc.name });
    titles.set(outcome.document.source, doc.name);
  }
  const labelled = questions();
  const score = async (subset: LabelledQuestion[], fullTextOnly: boolean): Promise<Quality> => {
    let found = 0;
    let reciprocal = 0;
    for (const question of subset) {
      const { passages } = await base.search({ query: question.q, topK: 10, fullTextOnly });
      const rank = passages.findIndex(
        (p: Passage) => p.source === question.doc && p.text.includes(question.expect),
      );
      if (rank >= 0 && rank < 5) found++;
      if (rank >= 0) reciprocal += 1 / (rank + 1);
    }
    return { recall: found / subset.length, mrr: reciprocal / subset.length, n: subset.length };
  };
  const rows: (string | number)[][] = [];
  for (const [label, subset] of [
    ["English", labelled.filter((q) => !isChinese(q.q))],
    ["中文", labelled.filter((q) => isChinese(q.q))],
    ["all", labelled],
  ] as const) {
    const text = await score(subset, true);
    const hybrid = await score(subset, false);
    rows.push([
      label,
      text.n,
      text.recall.toFixed(3),
      text.mrr.toFixed(3),
      hybrid.recall.toFixed(3),
      hybrid.mrr.toFixed(3),
    ]);
  }
  printTable(
    `Retrieval quality on ${labelled.length} labelled questions over ${titles.size} documents ` +
      `(hybrid: hashed character n-grams, ${MODEL}, not a semantic model)`,
    ["questions", "n", "full text recall@5", "full text MRR", "hybrid recall@5", "hybrid MRR"],
    rows,
  );
  db.close();
}

/** Search latency with the corpus among `size` synthetic passages; hybrid includes embedding the query over HTTP. */
async function benchLatency(dir: string, embeddingsUrl: string, sizes: number[]): Promise<void> {
  const rows: (string | number)[][] = [];
  const labelled = questions();
  for (const size of sizes) {
    const path = join(dir, `latency-${size}.db`);
    const db = openDatabase(path);
    const base = knowledgeBase(db, embeddingsUrl);
    const seeding = performance.now();
    const synthetic = syntheticChunks(size);
    for (let start = 0, doc = 0; start < synthetic.length; start += 50, doc++) {
      const chunks = synthetic.slice(start, start + 50);
      const saved = base.store.save(
        {
          source: `synthetic-${doc}`,
          origin: "text",
          title: `Synthetic ${doc}`,
          tags: [],
          contentType: "text/plain",
          hash: `h${doc}`,
          chars: 0,
        },
        chunks,
      );
      base.vectors!.add(
        saved.chunks.map((c) => c.id),
        saved.chunks.map((c) => hashedEmbedding(`${c.heading}\n\n${c.text}`, 256)),
      );
    }
    for (const doc of corpus()) await base.ingest({ kind: "text", text: doc.text, source: doc.name });
    const seededSeconds = (performance.now() - seeding) / 1000;
    await base.search({ query: "warm up the index", topK: 5 });

    const queries = [...labelled, ...labelled, ...labelled].map((q) => q.q);
    const fullText: number[] = [];
    const hybrid: number[] = [];
    for (const query of queries) {
      let started = performance.now();
      await base.search({ query, topK: 5, fullTextOnly: true });
      fullText.push(performance.now() - started);
      started = performance.now();
      await base.search({ query, topK: 5 });
      hybrid.push(performance.now() - started);
    }
    const probe = hashedEmbedding("空调滤网怎么清洗", 256);
    const scan = performance.now();
    for (let i = 0; i < 50; i++) base.vectors!.search(probe, 50);
    const vectorOnly = (performance.now() - scan) / 50;
    const vectorRecall = signCodeRecall(
      db,
      base,
      labelled.map((q) => q.q),
    );
    const passages = base.store.counts().chunks;
    const text = summarize(fullText);
    const both = summarize(hybrid);
    rows.push([
      passages,
      ms(text.p50),
      ms(text.p99),
      ms(both.p50),
      ms(both.p99),
      ms(vectorOnly),
      vectorRecall.toFixed(3),
      `${(statSync(path).size / 2 ** 20).toFixed(0)} MB`,
      seededSeconds.toFixed(1),
    ]);
    db.close();
  }
  printTable(
    `Knowledge search latency, top 5 (ms; ${labelled.length * 3} queries, English and Chinese; targets at 100k: ` +
      "full text p50 < 30, hybrid p50 < 80; hybrid includes the query's embedding over local HTTP)",
    [
      "passages",
      "full text p50",
      "full text p99",
      "hybrid p50",
      "hybrid p99",
      "vector scan",
      "scan recall@10",
      "database",
      "build s",
    ],
    rows,
  );
}

/**
 * How many of the exact 10 nearest vectors (cosine over every Float32 vector) the index's search returns: the
 * price of scanning 1-bit sign codes first and scoring only the closest candidates exactly.
 */
function signCodeRecall(db: Db, base: KnowledgeBase, queries: string[]): number {
  const rows = db.prepare("SELECT chunk_id, vector FROM knowledge_vectors").all() as {
    chunk_id: number;
    vector: Buffer;
  }[];
  const dimensions = 256;
  const all = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => all.set(new Float32Array(Uint8Array.from(row.vector).buffer), i * dimensions));
  let found = 0;
  for (const query of queries) {
    const probe = hashedEmbedding(query, dimensions);
    const scores = rows.map((row, i) => {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += all[i * dimensions + d]! * probe[d]!;
      return { id: row.chunk_id, dot };
    });
    const exact = new Set(
      scores
        .sort((a, b) => b.dot - a.dot)
        .slice(0, 10)
        .map((s) => s.id),
    );
    found += base.vectors!.search(probe, 10).filter((hit) => exact.has(hit.chunkId)).length;
  }
  return found / (queries.length * 10);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const sizes = process.argv[2] ? process.argv.slice(2).map(Number) : undefined;
  await benchKnowledge(sizes);
}
