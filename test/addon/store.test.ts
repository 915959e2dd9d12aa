import { readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, isVolUrl, readYaml, repositoryFiles } from "./supervisor.js";

/** FILE_SUFFIX_CONFIGURATION: the suffixes the Supervisor reads config, build and repository files with. */
const SUFFIXES = [".yaml", ".yml", ".json"];
const files = repositoryFiles();

/** `path.glob("**\/<stem>.*")` with a configuration suffix (pathlib's glob does not skip dot folders). */
function named(stem: string): string[] {
  return files.filter((file) => basename(file).startsWith(`${stem}.`) && SUFFIXES.includes(extname(file)));
}

function pngSize(path: string): { width: number; height: number } {
  const png = readFileSync(join(ROOT, path));
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("the repository as an add-on store repository", () => {
  it("has a repository.yaml the store accepts, and only one", () => {
    expect(named("repository")).toEqual(["repository.yaml"]);
    const repository = readYaml("repository.yaml") as Record<string, unknown>;
    expect(typeof repository.name).toBe("string");
    expect(isVolUrl(repository.url)).toBe(true);
    expect(typeof repository.maintainer).toBe("string");
    expect(repository.url).toBe((readYaml("config.yaml") as { url: string }).url);
  });

  it("holds one add-on, at the root: no other config.{yaml,yml,json} outside dot folders and rootfs", () => {
    // store/data.py parses every such file as an add-on; a stray one is an invalid (or extra) add-on.
    const configs = named("config").filter(
      (file) => !file.split("/").some((part) => part.startsWith(".") || part === "rootfs"),
    );
    expect(configs).toEqual(["config.yaml"]);
  });

  it("has no build.{yaml,yml,json} anywhere (deprecated; it would also set BUILD_FROM)", () => {
    // apps/build.py finds it with the same recursive glob, dot folders included (.github/…/build.yml too).
    expect(named("build")).toEqual([]);
  });

  it("has the store's images, rendered from SVG sources by a script", () => {
    expect(pngSize("icon.png")).toEqual({ width: 128, height: 128 });
    expect(pngSize("logo.png")).toEqual({ width: 250, height: 100 });
    for (const svg of ["assets/icon.svg", "assets/logo.svg"]) {
      expect(readFileSync(join(ROOT, svg), "utf8")).toMatch(
        /^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
      );
    }
    const script = "scripts/render-icons.sh";
    expect(statSync(join(ROOT, script)).mode & 0o111).not.toBe(0);
    const text = readFileSync(join(ROOT, script), "utf8");
    expect(text).toContain("assets/icon.svg");
    expect(text).toContain("assets/logo.svg");
  });

  it("documents every option and every tool in DOCS.md", () => {
    const config = readYaml("config.yaml") as { schema: Record<string, unknown> };
    const docs = readFileSync(join(ROOT, "DOCS.md"), "utf8");
    const documented = [...docs.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(config.schema).sort());
    const tools = /^list\((.+)\)\??$/.exec((config.schema.tools_disabled as string[])[0]!)![1]!.split("|");
    const section = docs.slice(docs.indexOf("## Tools"), docs.indexOf("\n## ", docs.indexOf("## Tools") + 1));
    for (const tool of tools) expect(section, tool).toContain(`\`${tool}\``);
  });

  it("has DOCS.md, and a CHANGELOG.md whose newest entry is this version", () => {
    const version = (readYaml("config.yaml") as { version: string }).version;
    const changelog = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
    expect(/^## \[?(\d+\.\d+\.\d+)/m.exec(changelog)?.[1]).toBe(version);
    expect(readFileSync(join(ROOT, "DOCS.md"), "utf8").length).toBeGreaterThan(1000);
  });
});
