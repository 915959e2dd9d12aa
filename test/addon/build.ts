/**
 * Builds the app the way the image's build stage does (`npm run build` = `tsc -p tsconfig.build.json`) into
 * a private folder laid out like the image's /app: `dist/` beside a copy of package.json. Each test file
 * builds its own, so parallel test files (and a developer's `npm start`) never write the same dist/.
 * The folder sits under node_modules/.cache so that Node resolves packages from the repository.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./supervisor.js";

export interface BuiltApp {
  /** Like the image's /app: package.json and dist/. */
  root: string;
  dist: string;
  remove(): void;
}

export async function buildApp(label: string): Promise<BuiltApp> {
  const cache = join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, `cyrene-addon-${label}-`));
  const dist = join(root, "dist");
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, "node_modules", "typescript", "bin", "tsc"),
        "-p",
        join(ROOT, "tsconfig.build.json"),
        "--outDir",
        dist,
        "--tsBuildInfoFile",
        join(dist, ".tsbuildinfo"),
      ],
      { cwd: ROOT },
    );
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const { stdout } = error as { stdout?: string };
    throw new Error(`npm run build failed:\n${stdout ?? String(error)}`, { cause: error });
  }
  copyFileSync(join(ROOT, "package.json"), join(root, "package.json"));
  return { root, dist, remove: () => rmSync(root, { recursive: true, force: true }) };
}
