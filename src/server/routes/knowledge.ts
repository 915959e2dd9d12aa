import express, { Router, type Request } from "express";
import { z } from "zod";
import type { DocumentInfo, IngestInput, IngestOutcome, KnowledgeBase } from "../../knowledge/index.js";
import { parseBody } from "../../http/body.js";
import { HttpError } from "../../http/errors.js";

export interface KnowledgeRouteDeps {
  knowledge: KnowledgeBase;
  /** Largest upload (raw body), in bytes. */
  maxUploadBytes: number;
}

const jsonBody = z.object({
  text: z.string().optional(),
  url: z.string().optional(),
  /** A file as base64 (JSON bodies are limited to 2 MB: send bigger files as a raw body). */
  content_base64: z.string().optional(),
  filename: z.string().optional(),
  content_type: z.string().optional(),
  title: z.string().optional(),
  source: z.string().optional(),
  tags: z.union([z.array(z.string()), z.string()]).optional(),
});
const uploadQuery = z.object({
  filename: z.string().optional(),
  title: z.string().optional(),
  source: z.string().optional(),
  tags: z.string().optional(),
});
const listQuery = z.object({
  tag: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
const searchQuery = z.object({
  q: z.string().min(1, "q is needed: what to look for"),
  top_k: z.coerce.number().int().min(1).max(50).default(5),
  tag: z.string().optional(),
  source: z.string().optional(),
});

/**
 * The knowledge base for the web UI: add text, a URL or a file (POST /api/knowledge: JSON, or the file
 * itself as the body with its Content-Type and ?filename=), list, show and delete documents, and search.
 */
export function knowledgeRoutes({ knowledge, maxUploadBytes }: KnowledgeRouteDeps): Router {
  const router = Router();
  const raw = express.raw({
    type: (req) => !String(req.headers["content-type"] ?? "").includes("json"),
    limit: maxUploadBytes,
  });

  router.post("/api/knowledge", raw, async (req, res) => {
    const outcome = await knowledge.ingest(ingestInput(req));
    res
      .status(outcome.status === "added" || outcome.status === "replaced" ? 201 : 200)
      .json(present(outcome));
  });

  router.get("/api/knowledge", (req, res) => {
    const query = parseBody(listQuery, req.query);
    const { documents, chunks } = knowledge.store.counts();
    res.json({
      documents: knowledge.list(query).map(view),
      total: documents,
      passages: chunks,
      embeddings: knowledge.embeddingsModel ?? null,
    });
  });

  router.get("/api/knowledge/search", async (req, res) => {
    const query = parseBody(searchQuery, req.query);
    const found = await knowledge.search({
      query: query.q,
      topK: query.top_k,
      tag: query.tag,
      source: query.source,
    });
    res.json({
      mode: found.mode,
      ...(found.note ? { note: found.note } : {}),
      results: found.passages.map((p) => ({
        document_id: p.documentId,
        title: p.title,
        source: p.source,
        section: p.heading,
        score: p.score,
        text: p.text,
      })),
    });
  });

  router.get("/api/knowledge/:id", (req, res) => {
    const document = knowledge.get(req.params.id);
    if (!document) throw new HttpError(404, `No document with id ${req.params.id}`);
    const passages = knowledge.store.chunksOf(document.id).map((c) => ({ section: c.heading, text: c.text }));
    res.json({ ...view(document), passages });
  });

  router.delete("/api/knowledge/:id", (req, res) => {
    if (!knowledge.delete(req.params.id)) throw new HttpError(404, `No document with id ${req.params.id}`);
    res.json({ deleted: req.params.id });
  });

  return router;
}

function ingestInput(req: Request): IngestInput {
  if (Buffer.isBuffer(req.body)) {
    const query = parseBody(uploadQuery, req.query);
    if (req.body.length === 0)
      throw new HttpError(400, "The body is empty: send the file, or JSON with text or url.");
    return {
      kind: "bytes",
      origin: "upload",
      data: req.body,
      name: query.filename ?? "upload",
      contentType: req.headers["content-type"],
      title: query.title,
      source: query.source,
      tags: splitTags(query.tags),
    };
  }
  const body = parseBody(jsonBody, req.body);
  const meta = { title: body.title, source: body.source, tags: splitTags(body.tags) };
  const given = [body.text, body.url, body.content_base64].filter((value) => value?.trim()).length;
  if (given !== 1) throw new HttpError(400, "Send exactly one of text, url or content_base64.");
  if (body.text?.trim()) return { kind: "text", text: body.text, ...meta };
  if (body.url?.trim()) return { kind: "url", url: body.url, ...meta };
  return {
    kind: "bytes",
    origin: "upload",
    data: Buffer.from(body.content_base64!, "base64"),
    name: body.filename ?? "upload",
    contentType: body.content_type,
    ...meta,
  };
}

function splitTags(tags: string | string[] | undefined): string[] | undefined {
  if (tags === undefined) return undefined;
  return (Array.isArray(tags) ? tags : tags.split(",")).map((tag) => tag.trim()).filter(Boolean);
}

function present(outcome: IngestOutcome) {
  return { status: outcome.status, notes: outcome.notes, document: view(outcome.document) };
}

function view(document: DocumentInfo) {
  return {
    id: document.id,
    title: document.title,
    source: document.source,
    origin: document.origin,
    tags: document.tags,
    content_type: document.contentType,
    chars: document.chars,
    passages: document.chunks,
    created_at: new Date(document.createdAt).toISOString(),
    updated_at: new Date(document.updatedAt).toISOString(),
  };
}
