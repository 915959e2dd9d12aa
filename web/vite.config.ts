import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** The whole UI, every file the browser may load, gzipped: HA boxes are small and phones are on Wi-Fi. */
const BUDGET_BYTES = 150 * 1024;

const root = fileURLToPath(new URL(".", import.meta.url));
const outDir = join(root, "dist");

/** Prints each built file's gzipped size and fails the build when the total is over the budget. */
function sizeBudget(): Plugin {
  return {
    name: "cyrene-size-budget",
    apply: "build",
    closeBundle() {
      const files = walk(outDir).map((file) => ({
        name: relative(outDir, file),
        raw: statSync(file).size,
        gzip: gzipSync(readFileSync(file), { level: 9 }).length,
      }));
      const total = files.reduce((sum, file) => sum + file.gzip, 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const lines = files
        .sort((a, b) => b.gzip - a.gzip)
        .map((f) => `  ${f.name.padEnd(40)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzipped`);
      console.log(`\nweb/dist:\n${lines.join("\n")}`);
      console.log(`web UI bundle: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`);
      if (total > BUDGET_BYTES) {
        throw new Error(`The web UI is ${kb(total)} gzipped, over its budget of ${kb(BUDGET_BYTES)}.`);
      }
    },
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export default defineConfig({
  root,
  // Relative URLs: the same files work at / and under HA's ingress path (/api/hassio_ingress/<token>/).
  base: "./",
  publicDir: join(root, "public"),
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // Modern browsers only (HA's own frontend needs them too); no inline polyfill, so the CSP needs no hash.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  plugins: [sizeBudget()],
});
