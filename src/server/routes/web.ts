import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router, type Response } from "express";

/**
 * The web UI's built files (web/dist, made by `npm run build`): in the image /app/web/dist beside /app/dist,
 * in a checkout the repository's web/dist. Optional: without it `/` says the UI was not built.
 */
export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web", "dist");

/**
 * The page the browser loads; it names no origin and no base path, so it works at `/` and under HA's ingress
 * path alike. No remote images: a Markdown image in a reply must not send what the page holds elsewhere.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Serves the web UI: index.html never cached, Vite's hashed assets cached for good. */
export function webRoutes(root: string = WEB_DIST): Router {
  const router = Router();
  const index = join(root, "index.html");

  const sendIndex = (res: Response) => {
    if (!existsSync(index)) {
      res
        .status(200)
        .type("text/plain; charset=utf-8")
        .set("Cache-Control", "no-cache")
        .send(
          "Cyrene is running, but its web UI was not built (web/dist is missing).\n" +
            "Run `npm run build` to build it. The API answers under api/.\n",
        );
      return;
    }
    res.sendFile(index, {
      headers: {
        "Cache-Control": "no-cache",
        "Content-Security-Policy": CONTENT_SECURITY_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
      },
    });
  };

  router.get(["/", "/index.html"], (_req, res) => sendIndex(res));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders(res, path) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        // Vite names every file under assets/ by its content hash; anything else may change between builds.
        const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    }),
  );
  return router;
}
