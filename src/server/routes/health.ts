import { Router } from "express";

export interface HealthInfo {
  version: string;
  model: string;
  tools: () => number;
  homeAssistant: () => string;
}

export function healthRoutes(info: HealthInfo): Router {
  const router = Router();
  const started = Date.now();
  router.get("/healthz", (_req, res) => {
    res.json({
      status: "ok",
      version: info.version,
      model: info.model,
      tools: info.tools(),
      home_assistant: info.homeAssistant(),
      uptime_s: Math.round((Date.now() - started) / 1000),
    });
  });
  return router;
}
