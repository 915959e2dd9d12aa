#!/usr/bin/env node
/* global console, process */
// Cycles between the folders of src/ (the import-boundary lint rule checks layers; this checks that the
// folders one layer lets import each other, the domain services and the foundations, form no cycle).
// Prints each cycle with the imports that close it; exits 1 if there is one. Usage: node scripts/dev/folder-cycles.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dirname, "../../src");
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+["'](\.[^"']+)["']/gm;

/** src/a/b/c.ts → "a"; a file directly in src/ is its own node (src/clock.ts → "clock.ts"). */
// mcp/ holds two layers (mcp/server an entry point, mcp/client a domain service): each is its own node.
const SPLIT = ["mcp"];
const folderOf = (file) => {
  const parts = relative(SRC, file).split("/");
  return SPLIT.includes(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
};

const files = readdirSync(SRC, { recursive: true })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => join(SRC, name));
/** folder → folder → the imports behind that arrow */
const edges = new Map();
for (const file of files) {
  for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(SRC)) continue;
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const out = edges.get(from);
    if (!out.has(to)) out.set(to, []);
    out.get(to).push(`${relative(SRC, file)} → ${spec}`);
  }
}

// Tarjan's strongly connected components: every component of more than one folder holds a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const components = [];
function visit(node) {
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
}
for (const node of new Set(files.map(folderOf))) if (!index.has(node)) visit(node);

const arrows = [...edges.values()].reduce((sum, out) => sum + [...out.values()].flat().length, 0);
console.log(`${arrows} imports between folders of src/; ${components.length} cycle(s).`);
for (const component of components) {
  console.log(`\ncycle: ${component.join(", ")}`);
  for (const from of component)
    for (const [to, imports] of edges.get(from) ?? [])
      if (component.includes(to)) console.log(`  ${from} → ${to}: ${imports.join("; ")}`);
}
process.exitCode = components.length ? 1 : 0;
