import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SERVE_SOURCE } from "./serve.js";

/**
 * What a child runs: a module that calls `serveInChild` (a .ts file under tsx and vitest, .js when
 * built), or a plain CommonJS script given with `-e`, which starts several times faster than a module
 * under tsx (a fresh process per task pays that each time) and calls the same `serveInChild`.
 * A script runs in strict mode; `args` are its `process.argv[1…]`.
 */
export type ChildProgram = { entry: URL } | { script: string; args?: string[] };

/**
 * Starts the child: no environment (no tokens), no stdio, only the IPC channel, and its own heap limit
 * (`--max-old-space-size`), which V8 enforces by aborting the child alone.
 */
export function spawnChild(program: ChildProgram, maxMemoryMb: number): ChildProcess {
  const heap = `--max-old-space-size=${maxMemoryMb}`;
  const args =
    "entry" in program
      ? [...loaderFor(program.entry), heap, fileURLToPath(program.entry)]
      : [heap, "-e", `"use strict";\n${SERVE_SOURCE}\n${program.script}`, ...(program.args ?? [])];
  return spawn(process.execPath, args, {
    env: {},
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    serialization: "advanced",
  });
}

/** Under tsx or vitest a module entry is TypeScript: the child needs tsx's loader too. */
function loaderFor(entry: URL): string[] {
  return fileURLToPath(entry).endsWith(".ts")
    ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href]
    : [];
}
