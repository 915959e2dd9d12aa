/** How Express serves the built UI (web/dist), and what it says when the UI was not built. No browser here. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webRoutes } from "../../src/server/routes/web.js";
import { startHarness, type Harness } from "../support/harness.js";

const dirs: string[] = [];
const servers: Server[] = [];

async function serve(root: string): Promise<string> {
  const app = express();
  app.use(webRoutes(root));
  app.use((_req, res) => res.status(404).json({ error: { message: "not found" } }));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the web UI's files", () => {
  it("say the UI was not built when web/dist is missing, and the API's 404 still answers", async () => {
    const url = await serve(join(tmpdir(), "cyrene-no-such-web-dist"));
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await page.text()).toMatch(/web UI was not built/);
    expect((await fetch(`${url}/assets/app-12345678.js`)).status).toBe(404);
  });

  it("serve index.html uncached and hashed assets for a year", async () => {
    const root = mkdtempSync(join(tmpdir(), "cyrene-web-dist-"));
    dirs.push(root);
    mkdirSync(join(root, "assets"));
    writeFileSync(
      join(root, "index.html"),
      '<!doctype html><script type="module" src="./assets/app-AbC123xy.js"></script>',
    );
    writeFileSync(join(root, "assets", "app-AbC123xy.js"), "console.log(1)");
    writeFileSync(join(root, "favicon.svg"), "<svg></svg>");
    const url = await serve(root);

    for (const path of ["/", "/index.html"]) {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    }
    const asset = await fetch(`${url}/assets/app-AbC123xy.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect((await fetch(`${url}/favicon.svg`)).headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${url}/assets/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${url}/api/nothing`)).status).toBe(404);
  });
});

describe("GET /api/me", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CYRENE_TRUST_USER_HEADERS: "true" } });
  });
  afterAll(() => h.close());

  it("names the person HA's ingress headers name, or nobody", async () => {
    const me = await fetch(`${h.url}/api/me`, {
      headers: {
        "x-remote-user-id": "u-1",
        "x-remote-user-name": "ada",
        "x-remote-user-display-name": "Ada",
      },
    });
    expect(await me.json()).toEqual({ person: { id: "u-1", name: "Ada" } });
    expect(await (await fetch(`${h.url}/api/me`)).json()).toEqual({ person: null });
  });
});
