/**
 * Docker cannot build here, so this proves the image another way: every file the Dockerfile copies exists
 * and reaches the build context, each stage produces what the next one copies, the command is `npm start`'s,
 * and a production install (`npm ci --omit=dev`) holds every package the built dist/ imports.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "./build.js";
import { ROOT } from "./supervisor.js";

/** Debian trixie's nodejs package (20.19.2+dfsg-1): the Node the image runs. */
const TRIXIE_NODE = "20.19.2";

interface PackageJson {
  version: string;
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const pkg = JSON.parse(read("package.json")) as PackageJson;
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, LockEntry> };

// ---------------------------------------------------------------------------------------------------------
// The Dockerfile, parsed: continuation lines joined, comments dropped, instructions grouped by stage.

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  base: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): { globalArgs: Map<string, string>; stages: Stage[] } {
  const lines = text.split("\n").filter((line) => !/^\s*#/.test(line));
  const joined = lines.join("\n").replace(/\\\n/g, " ");
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of joined.split("\n")) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.replace(/\s+/g, " ").trim();
    if (keyword === "FROM") {
      const [, base, name] = /^(\S+)(?: AS (\S+))?$/i.exec(args)!;
      stages.push({ base: base!, name, instructions: [] });
    } else if (stages.length === 0) {
      expect(keyword, "only ARG comes before the first FROM").toBe("ARG");
      const [key, value = ""] = args.split("=");
      globalArgs.set(key!, value);
    } else {
      stages.at(-1)!.instructions.push({ keyword, args });
    }
  }
  return { globalArgs, stages };
}

interface Copy {
  from?: string;
  chmod?: string;
  sources: string[];
  destination: string;
}

function copies(stage: Stage): Copy[] {
  return stage.instructions
    .filter((i) => i.keyword === "COPY")
    .map((i) => {
      const tokens = i.args.split(" ");
      const flags = Object.fromEntries(
        tokens.filter((t) => t.startsWith("--")).map((t) => t.slice(2).split("=") as [string, string]),
      );
      const paths = tokens.filter((t) => !t.startsWith("--"));
      return {
        from: flags.from,
        chmod: flags.chmod,
        sources: paths.slice(0, -1),
        destination: paths.at(-1)!,
      };
    });
}

function runs(stage: Stage): string {
  return stage.instructions
    .filter((i) => i.keyword === "RUN")
    .map((i) => i.args)
    .join("\n");
}

function workdir(stage: Stage): string {
  return stage.instructions.filter((i) => i.keyword === "WORKDIR").at(-1)?.args ?? "/";
}

const dockerfile = parseDockerfile(read("Dockerfile"));
const stages = dockerfile.stages;
const runtime = stages.at(-1)!;
const stageNamed = (name: string) => stages.find((stage) => stage.name === name);
/** The stages a stage builds on (its FROM chain), itself first. */
function lineage(stage: Stage): Stage[] {
  const parent = stageNamed(stage.base);
  return parent ? [stage, ...lineage(parent)] : [stage];
}

// ---------------------------------------------------------------------------------------------------------
// .dockerignore: the patterns and exceptions Cyrene uses (`*`, `!name`), by Docker's rules (a pattern
// that matches a parent folder matches what is in it; the last matching line wins).

const ignoreRules = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const negated = line.startsWith("!");
    const pattern = line.replace(/^!/, "").replace(/\/+$/, "");
    const regex = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
    return { negated, regex, line };
  });

function inContext(path: string): boolean {
  const parts = path.replace(/\/+$/, "").split("/");
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let included = true;
  for (const rule of ignoreRules) {
    if (prefixes.some((prefix) => rule.regex.test(prefix))) included = rule.negated;
  }
  return included;
}

// ---------------------------------------------------------------------------------------------------------
// A small semver range check (the forms npm packages use in `engines.node`).

type Version = [number, number, number];
const parseVersion = (text: string): Version => text.split(".").map(Number) as Version;
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  return range.split("||").some((set) => {
    const tokens = set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean);
    return tokens.every((token) => comparator(token)(v));
  });
}

function comparator(token: string): (v: Version) => boolean {
  const [, op = "", rest = ""] = /^(>=|<=|>|<|=|\^|~)?v?(.*)$/.exec(token)!;
  const parts = rest.split(".").filter((p) => p !== "" && !/^[xX*]$/.test(p));
  if (parts.length === 0) return () => true;
  const n = parts.map(Number);
  const low: Version = [n[0]!, n[1] ?? 0, n[2] ?? 0];
  const bump = (level: number): Version =>
    level === 0 ? [n[0]! + 1, 0, 0] : level === 1 ? [n[0]!, n[1]! + 1, 0] : [n[0]!, n[1]!, n[2]! + 1];
  const below = (hi: Version) => (v: Version) => compare(v, low) >= 0 && compare(v, hi) < 0;
  switch (op) {
    case ">=":
      return (v) => compare(v, low) >= 0;
    case ">": // >1.2 means >=1.3.0
      return parts.length === 3 ? (v) => compare(v, low) > 0 : (v) => compare(v, bump(parts.length - 1)) >= 0;
    case "<":
      return (v) => compare(v, low) < 0;
    case "<=": // <=1.2 means <1.3.0
      return (v) => compare(v, bump(parts.length - 1)) < 0;
    case "^": {
      const level = n[0]! > 0 || parts.length === 1 ? 0 : n[1]! > 0 || parts.length === 2 ? 1 : 2;
      return below(bump(level));
    }
    case "~":
      return below(bump(parts.length === 1 ? 0 : 1));
    default:
      return below(bump(parts.length - 1));
  }
}

// ---------------------------------------------------------------------------------------------------------

describe("the Dockerfile", () => {
  it("builds every stage on one pinned Home Assistant Debian trixie base image", () => {
    const [arg, image] = [...dockerfile.globalArgs.entries()][0]!;
    expect(arg).toBe("CYRENE_BASE_IMAGE");
    // A docker-base release tag (or a digest), never a tag that moves such as trixie or latest.
    expect(image).toMatch(
      /^ghcr\.io\/home-assistant\/base-debian:trixie-\d{4}\.\d{2}\.\d+(@sha256:[0-9a-f]{64})?$/,
    );
    expect(read("DOCS.md"), "DOCS.md names the base image").toContain(image);
    for (const stage of stages) {
      expect([`\${${arg}}`, ...stages.map((s) => s.name).filter(Boolean)]).toContain(stage.base);
    }
  });

  it("does not build from BUILD_FROM, which Supervisors before 2026.04 set to their Alpine image", () => {
    expect(stages.map((stage) => stage.base).join(" ")).not.toMatch(/BUILD_FROM/);
  });

  it("copies only files that exist and reach the build context", () => {
    const sources = stages
      .flatMap((stage) => copies(stage).filter((copy) => !copy.from))
      .flatMap((c) => c.sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(join(ROOT, source)), `${source} exists`).toBe(true);
      expect(inContext(source), `${source} passes .dockerignore`).toBe(true);
    }
    expect(inContext("src/main.ts")).toBe(true);
  });

  it("keeps the host's node_modules, dist and data out of the build context", () => {
    for (const path of [
      "node_modules",
      "node_modules/better-sqlite3",
      "dist",
      "data",
      ".git",
      "test",
      "web/dist",
    ]) {
      expect(inContext(path), `${path} is excluded`).toBe(false);
    }
  });

  it("copies between stages only what those stages make", () => {
    for (const stage of stages) {
      for (const copy of copies(stage).filter((c) => c.from)) {
        const source = stageNamed(copy.from!);
        expect(source, `stage ${copy.from}`).toBeDefined();
        const made = lineage(source!).map(runs).join("\n");
        for (const path of copy.sources) {
          if (path === "/app/dist" || path === "/app/web/dist") expect(made).toMatch(/\bnpm run build\b/);
          else if (path === "/app/node_modules") expect(made).toMatch(/\bnpm ci --omit=dev\b/);
          else throw new Error(`no rule for copying ${path} from ${copy.from}`);
          expect(workdir(lineage(source!).find((s) => workdir(s) !== "/")!)).toBe("/app");
        }
      }
    }
  });

  it("builds dist/main.js from src/ with tsconfig.build.json", () => {
    const build = JSON.parse(read("tsconfig.build.json")) as {
      extends: string;
      compilerOptions: { rootDir: string; outDir: string };
    };
    expect(build.compilerOptions).toMatchObject({ rootDir: "src", outDir: "dist" });
    // `npm run build` builds the server (tsc) and then the web UI (vite).
    expect(pkg.scripts.build).toBe("npm run build:server && npm run build:web");
    expect(pkg.scripts["build:server"]).toBe("tsc -p tsconfig.build.json");
    const copied = stages.flatMap(copies).flatMap((c) => c.sources);
    expect(copied).toEqual(
      expect.arrayContaining([build.extends.replace(/^\.\//, ""), "tsconfig.build.json", "src"]),
    );
  });

  it("runs Node and the built app only: no npm, no compiler", () => {
    const installed = runs(runtime);
    expect(installed).toMatch(/apt-get install [^&]*\bnodejs\b/);
    expect(installed).not.toMatch(/(?:^|\s)(npm|g\+\+|make|python3|gcc)(?=\s|$)/);
    expect(lineage(runtime)).toHaveLength(1); // not built on the toolchain stage
    expect(workdir(runtime)).toBe("/app");
    const destinations = copies(runtime).map(
      (c) => `${c.from ?? "context"}:${c.sources.join(",")}→${c.destination}`,
    );
    expect(destinations).toEqual(
      expect.arrayContaining([
        // dist/version.js reads ../package.json.
        "context:package.json→./",
        "production-dependencies:/app/node_modules→./node_modules",
        "build:/app/dist→./dist",
        // The web UI, served by dist/server/routes/web.js from ../../../web/dist.
        "build:/app/web/dist→./web/dist",
        "context:run.sh→/run.sh",
      ]),
    );
    expect(copies(runtime).find((c) => c.sources.includes("run.sh"))?.chmod).toBe("755");
    expect(runtime.instructions.filter((i) => i.keyword === "CMD").at(-1)?.args).toBe('["/run.sh"]');
    expect(runtime.instructions.some((i) => i.keyword === "ENTRYPOINT")).toBe(false); // s6-overlay's /init
  });

  it("labels the image for the Supervisor", () => {
    const labels = runtime.instructions
      .filter((i) => i.keyword === "LABEL")
      .map((i) => i.args)
      .join(" ");
    for (const label of ["name", "description", "type", "arch", "version", "url"]) {
      expect(labels).toMatch(new RegExp(`io\\.hass\\.${label}="[^"]+"`));
    }
  });
});

describe("run.sh", () => {
  const script = read("run.sh");

  it("runs under s6-overlay with the container's environment (SUPERVISOR_TOKEN)", () => {
    expect(script.split("\n")[0]).toBe("#!/usr/bin/with-contenv bash");
    expect(statSync(join(ROOT, "run.sh")).mode & 0o111).not.toBe(0);
    expect(script).toMatch(new RegExp(`^cd ${workdir(runtime)}$`, "m"));
  });

  it("makes a start that a restart cannot fix exit 0, which the Supervisor's watchdog does not restart", () => {
    const exported = /^export CYRENE_FATAL_EXIT_CODE=0$/m.exec(script);
    expect(exported).not.toBeNull();
    expect(exported!.index).toBeLessThan(script.indexOf("\nexec "));
  });

  it("execs the command npm start runs", () => {
    const start = pkg.scripts.start!.split("&&").at(-1)!.trim();
    expect(start).toMatch(/^node .*dist\/main\.js$/);
    expect(/^exec (.+)$/m.exec(script)?.[1]).toBe(start);
  });
});

describe("the production install", () => {
  it("is what package-lock.json says (npm ci refuses a lockfile out of step)", () => {
    const root = lock.packages[""]!;
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
    for (const [name, range] of Object.entries(pkg.dependencies)) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry, name).toBeDefined();
      expect(entry!.dev, `${name} is installed with --omit=dev`).toBeFalsy();
      expect(satisfies(entry!.version!, range), `${name} ${entry!.version} satisfies ${range}`).toBe(true);
    }
  });

  it(`runs on Debian trixie's Node ${TRIXIE_NODE}: package.json and every production package allow it`, () => {
    expect(satisfies(TRIXIE_NODE, pkg.engines.node)).toBe(true);
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && !entry.dev && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !satisfies(TRIXIE_NODE, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path} ${entry.version}: node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("checks ranges as npm does", () => {
    expect(satisfies("20.19.2", ">=20.19")).toBe(true);
    expect(satisfies("20.19.2", ">=22")).toBe(false);
    expect(satisfies("20.19.2", "^18.18.0 || ^20.9.0 || >=21.1.0")).toBe(true);
    expect(satisfies("20.19.2", "^18.18.0 || >=21.1.0")).toBe(false);
    expect(satisfies("20.19.2", "20.x || 22.x")).toBe(true);
    expect(satisfies("20.19.2", ">= 14.6")).toBe(true);
    expect(satisfies("20.19.2", "^20.20")).toBe(false);
    expect(satisfies("20.19.2", "~20.19.0")).toBe(true);
    expect(satisfies("20.19.2", "<20.19.2")).toBe(false);
    expect(satisfies("20.19.2", "*")).toBe(true);
  });

  describe("holds every package the built dist/ imports", () => {
    let app: BuiltApp;
    let imports: { specifier: string; kind: "import" | "require"; file: string }[];
    beforeAll(async () => {
      app = await buildApp("package");
      imports = bareImports(app.dist);
    });
    afterAll(() => app?.remove());

    it("finds dist's imports (static, dynamic and require)", () => {
      const specifiers = new Set(imports.map((i) => i.specifier));
      expect(existsSync(join(app.dist, "main.js"))).toBe(true);
      for (const known of ["express", "better-sqlite3", "pino-pretty", "mathjs", "ajv/dist/2020"]) {
        expect(specifiers, known).toContain(known);
      }
    });

    it("finds at run time every file dist/ reads beside itself (the image's /app holds package.json)", () => {
      // tsc emits only .js: a non-TypeScript file in src/ would be missing from the image.
      expect(walk(join(ROOT, "src")).filter((file) => !file.endsWith(".ts"))).toEqual([]);
      const missing: string[] = [];
      for (const file of walk(app.dist).filter((f) => f.endsWith(".js"))) {
        const text = readFileSync(file, "utf8");
        for (const match of text.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) {
          const target = join(dirname(file), match[1]!);
          if (!existsSync(target)) missing.push(`${relative(app.dist, file)}: ${match[1]}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it("imports only production dependencies", () => {
      // child-process/program.js resolves tsx only for a .ts entry, i.e. when Cyrene runs from its sources.
      const sourcesOnly = new Set(["tsx (child-process/program.js)"]);
      const outside = imports
        .filter((i) => !(packageName(i.specifier) in pkg.dependencies))
        .filter((i) => !sourcesOnly.has(`${i.specifier} (${i.file})`))
        .map(
          (i) =>
            `${i.specifier} (${i.file})${packageName(i.specifier) in pkg.devDependencies ? ": a devDependency" : ""}`,
        );
      expect(outside).toEqual([]);
    });

    it("resolves each import from dist/", () => {
      const script = join(app.dist, "__resolve-imports.mjs");
      writeFileSync(
        script,
        [
          'import { createRequire } from "node:module";',
          "const require = createRequire(import.meta.url);",
          "const failed = [];",
          "for (const { specifier, kind } of JSON.parse(process.argv[2])) {",
          "  try { kind === 'require' ? require.resolve(specifier) : import.meta.resolve(specifier); }",
          "  catch (error) { failed.push(`${specifier}: ${error.code ?? error.message}`); }",
          "}",
          "console.log(JSON.stringify(failed));",
        ].join("\n"),
      );
      const unique = [...new Map(imports.map((i) => [`${i.kind}:${i.specifier}`, i])).values()];
      const output = execFileSync(process.execPath, [script, JSON.stringify(unique)], { encoding: "utf8" });
      expect(JSON.parse(output)).toEqual([]);
    });
  });
});

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `ajv/dist/2020` → `ajv`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function bareImports(dist: string): { specifier: string; kind: "import" | "require"; file: string }[] {
  const patterns: [RegExp, "import" | "require"][] = [
    // Statements start a line in tsc's output; the same words inside strings (code for a child process) don't.
    [/^\s*(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']/gm, "import"],
    [/^\s*import\s*["']([^"']+)["']/gm, "import"],
    [/\bimport\(\s*["']([^"']+)["']\s*\)/g, "import"],
    // require("x"), localRequire.resolve("x"), createRequire(import.meta.url)("x") and .resolve("x")
    [/\b\w*[rR]equire(?:\([^()]*\))?(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g, "require"],
  ];
  const builtins = new Set(builtinModules);
  const found: { specifier: string; kind: "import" | "require"; file: string }[] = [];
  for (const file of walk(dist).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(file, "utf8");
    for (const [pattern, kind] of patterns) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[1]!;
        if (/^(\.|\/|node:|file:|data:)/.test(specifier) || builtins.has(specifier.split("/")[0]!)) continue;
        found.push({ specifier, kind, file: relative(dist, file) });
      }
    }
  }
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
