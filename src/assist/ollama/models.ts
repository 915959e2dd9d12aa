import { createHash } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import { parseBody } from "../../http/body.js";
import { HttpError } from "../../http/errors.js";
import { VERSION } from "../../version.js";
import { writeNdjson } from "./ndjson.js";
import type { HomeTime } from "../../time/home-time.js";

/** The one model this API serves; HA's subentry must name it exactly as /api/tags lists it. */
export const MODEL_NAME = "cyrene:latest";

/** The Ollama version Cyrene answers like (tools, `format` schemas and `think` all exist since 0.9). */
const OLLAMA_VERSION = "0.12.0";

/** `cyrene` with any tag is the agent; Ollama clients add `:latest` where no tag is given. */
export function isOurModel(name: string): boolean {
  return /^cyrene(:[\w.-]+)?$/.test(name);
}

export function assertOurModel(name: string): void {
  if (!isOurModel(name)) {
    throw new HttpError(404, `model "${name}" not found: Cyrene serves one model, ${MODEL_NAME}.`);
  }
}

const DETAILS = {
  parent_model: "",
  format: "cyrene",
  family: "cyrene",
  families: ["cyrene"],
  parameter_size: "",
  quantization_level: "",
};

const named = z.object({ model: z.string().optional(), name: z.string().optional() }).loose();

/** GET /api/tags, /api/version and /api/ps, POST /api/show and /api/pull, and GET / as Ollama answers it. */
export function modelRoutes(time: Pick<HomeTime, "now">): Router {
  const router = Router();
  const modifiedAt = new Date(time.now()).toISOString();
  const digest = createHash("sha256").update(`cyrene ${VERSION}`).digest("hex");
  const entry = {
    name: MODEL_NAME,
    model: MODEL_NAME,
    modified_at: modifiedAt,
    size: 0,
    digest,
    details: DETAILS,
  };

  router.get("/", (_req, res) => {
    res.type("text/plain").send("Ollama is running");
  });
  router.get("/api/version", (_req, res) => {
    res.json({ version: OLLAMA_VERSION, cyrene: VERSION });
  });
  router.get("/api/tags", (_req, res) => {
    res.json({ models: [entry] });
  });
  router.get("/api/ps", (_req, res) => {
    res.json({ models: [{ ...entry, expires_at: "2318-01-01T00:00:00Z", size_vram: 0 }] });
  });

  router.post("/api/show", (req, res) => {
    assertOurModel(modelOf(req.body));
    res.json({
      modelfile: `# Cyrene ${VERSION}: an assistant with tools, in front of the LLM it is configured with.`,
      parameters: "",
      template: "",
      details: DETAILS,
      model_info: { "general.architecture": "cyrene" },
      capabilities: ["completion", "tools"],
      modified_at: modifiedAt,
    });
  });

  // Nothing to download: HA pulls a model it does not find in /api/tags, and a success lets it go on.
  router.post("/api/pull", (req, res) => {
    const name = modelOf(req.body);
    if (!isOurModel(name)) {
      throw new HttpError(404, `Cyrene serves one model, ${MODEL_NAME}; "${name}" cannot be pulled.`);
    }
    const stream = (req.body as { stream?: unknown }).stream !== false;
    if (!stream) return void res.json({ status: "success" });
    writeNdjson(res, [{ status: "pulling manifest" }, { status: "success" }]);
  });

  return router;
}

function modelOf(body: unknown): string {
  const { model, name } = parseBody(named, body);
  const given = model ?? name;
  if (!given) throw new HttpError(400, "Name the model: model is missing.");
  return given;
}
