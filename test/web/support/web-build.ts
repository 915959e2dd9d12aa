/**
 * Builds the web UI into web/dist once for the browser tests, the way `npm run build:web` does. Test files run
 * in parallel workers, so one builds under a lock while the others wait; a build whose sources have not
 * changed since (by hash) is reused.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const WEB = join(ROOT, "web");
export const WEB_DIST = join(WEB, "dist");
const STAMP = join(WEB_DIST, ".source-hash");
const LOCK = join(ROOT, "node_modules", ".cache", "cyrene-web-build.lock");

function sourceHash(): string {
  const hash = createHash("sha256");
  const files = walk(WEB).filter((file) => !relative(WEB, file).startsWith("dist"));
  for (const file of [...files, join(ROOT, "package-lock.json")].sort()) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

async function lock(): Promise<() => void> {
  mkdirSync(join(LOCK, ".."), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a run that was killed mid-build is stale after a few minutes.
      const since = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > 180_000) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** web/dist built from the current sources; returns the build's output (with the bundle size) when it ran. */
export async function ensureWebBuilt(): Promise<string | undefined> {
  const release = await lock();
  try {
    const wanted = sourceHash();
    if (
      existsSync(STAMP) &&
      readFileSync(STAMP, "utf8") === wanted &&
      existsSync(join(WEB_DIST, "index.html"))
    )
      return undefined;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, "node_modules", "vite", "bin", "vite.js"),
        "build",
        "--config",
        join(WEB, "vite.config.ts"),
      ],
      { cwd: ROOT, maxBuffer: 16 * 2 ** 20 },
    );
    writeFileSync(STAMP, wanted);
    return stdout;
  } finally {
    release();
  }
}
