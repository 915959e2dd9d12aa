#!/usr/bin/env node
/* global console, process */
// The import rules of src/ (part of `npm run lint`): the layers, adapters, index-only folders and file
// circles of .dependency-cruiser.cjs, then circles between folders, which that config leaves to this script.
// Prints each violation; exits 1 if there is one. Usage: node scripts/dev/imports.mjs [root]
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { cruise, format } from "dependency-cruiser";

/** src/a/b/c.ts → "a"; a file directly in src/ is its own node. */
export function nodeOf(path) {
  return path.replace(/^src\//, "").split("/")[0];
}

/** Tarjan's strongly connected components of a node → nodes graph: every one of more than one node is a cycle. */
export function cycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const components = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

const CONFIG = resolve(import.meta.dirname, "../../.dependency-cruiser.cjs");

/**
 * Checks src/ under `root` against the project's rules: the violations (rule, from, to), the folder
 * cycles, the report's lines and whether it passed.
 */
export async function checkImports(root) {
  const config = createRequire(import.meta.url)(CONFIG);
  const { output } = await cruise(
    ["src"],
    { ...config.options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } },
    undefined,
    undefined,
  );
  const lines = [];
  if (output.summary.error > 0) lines.push((await format(output, { outputType: "err" })).output.trim());

  /** node → node → the imports behind that arrow */
  const edges = new Map();
  for (const module of output.modules) {
    if (!module.source.startsWith("src/")) continue;
    const from = nodeOf(module.source);
    if (!edges.has(from)) edges.set(from, new Map());
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith("src/")) continue;
      const to = nodeOf(dependency.resolved);
      if (to === from) continue;
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, []);
      out.get(to).push(`${module.source} → ${dependency.module}`);
    }
  }
  const folderCycles = cycles(edges);
  for (const component of folderCycles) {
    lines.push(`folder cycle: ${component.join(", ")}`);
    for (const from of component)
      for (const [to, imports] of edges.get(from) ?? [])
        if (component.includes(to)) lines.push(`  ${from} → ${to}: ${imports.join("; ")}`);
  }
  const arrows = [...edges.values()].reduce((sum, out) => sum + [...out.values()].flat().length, 0);
  lines.push(
    `${output.summary.totalCruised} modules, ${output.summary.totalDependenciesCruised} imports ` +
      `(${arrows} between folders); ${output.summary.error} rule violation(s), ${folderCycles.length} folder cycle(s).`,
  );
  const violations = output.summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to }));
  return { violations, folderCycles, lines, passed: output.summary.error === 0 && folderCycles.length === 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines, passed } = await checkImports(
    resolve(process.argv[2] ?? resolve(import.meta.dirname, "../..")),
  );
  console.log(lines.join("\n"));
  process.exitCode = passed ? 0 : 1;
}
