/* global module */
/**
 * The house's import rules (docs/architecture.md, "Layers"), checked by `npm run lint` through
 * scripts/dev/imports.mjs. dependency-cruiser reads every import TypeScript sees: static, `import type`,
 * re-exports and dynamic `import()`, so a lazy load or a type cannot go round a rule.
 *
 * Nodes: a folder of src/, or a file directly in src/.
 */

/** Top to bottom. An import may point down, or sideways inside a layer whose `peers` allows it; never up. */
const LAYERS = [
  { name: "entry points", nodes: ["server", "assist", "cli", "thinker", "mcp-server"], peers: false },
  // What the entry points share: HTTP errors per wire format, body parsing, SSE, source access.
  { name: "entry-point plumbing", nodes: ["http"], peers: false },
  { name: "the agent", nodes: ["agent"], peers: false },
  { name: "tools", nodes: ["tools"], peers: false },
  // Domain services may use each other where no cycle forms between folders (the folder-cycle check).
  {
    name: "domain services",
    nodes: ["ha", "knowledge", "reminders", "notify", "store", "net", "turn", "mcp-client"],
    peers: true,
  },
  {
    name: "foundations",
    // "*.ts": every file directly in src/ but the root's (domain-error.ts, input-error.ts, lazy.ts, …).
    nodes: ["llm", "config", "logging", "time", "text", "words", "json-schema", "child-process", "*.ts"],
    peers: true,
  },
];
/** The composition root and its listeners chapter may import anything; only they import each other. */
const ROOT = ["compose.ts", "main.ts", "listeners.ts"];
/** The `cyrene` command (cli/chat.ts) is a second main: it builds its own Cyrene through compose.ts. */
const MAINS = ["cli"];
/** Adapters inside one entry point share only what lies below them. */
const ADAPTERS = { assist: ["ollama", "wyoming"] };
/** Folders with a public face (a factory in index.ts): from outside, only through that index. */
const INDEXED = ["ha", "knowledge", "reminders", "thinker", "mcp-server", "mcp-client"];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** The path pattern of a node: everything below a folder, the one file, or (`*.ts`) the leaves of src/. */
function under(node) {
  if (node === "*.ts") return `^src/(?!(${ROOT.map(escape).join("|")})$)[^/]+\\.ts$`;
  return node.endsWith(".ts") ? `^src/${escape(node)}$` : `^src/${escape(node)}/`;
}
const anyOf = (nodes) => nodes.map(under);

function layerRules() {
  return LAYERS.flatMap((layer, index) => {
    const above = LAYERS.slice(0, index).flatMap((l) => l.nodes);
    return layer.nodes.flatMap((node) => {
      const rules = [];
      if (above.length)
        rules.push({
          name: "no-import-up",
          comment: `${layer.name} must not import a layer above.`,
          from: { path: under(node) },
          to: { path: anyOf(above) },
        });
      const peers = layer.peers ? [] : layer.nodes.filter((other) => other !== node);
      if (peers.length)
        rules.push({
          name: "no-import-sideways",
          comment: `${layer.name} must not import each other.`,
          from: { path: under(node) },
          to: { path: anyOf(peers) },
        });
      return rules;
    });
  });
}

function adapterRules() {
  return Object.entries(ADAPTERS).flatMap(([folder, adapters]) =>
    adapters.map((adapter) => ({
      name: "no-adapter-to-adapter",
      comment: "Adapters must not import each other.",
      from: { path: under(`${folder}/${adapter}`) },
      to: { path: adapters.filter((a) => a !== adapter).map((a) => under(`${folder}/${a}`)) },
    })),
  );
}

const forbidden = [
  ...layerRules(),
  ...adapterRules(),
  {
    name: "only-the-root-imports-the-root",
    comment: "Only the composition root imports it (and the cyrene command, compose.ts).",
    from: { path: "^src/", pathNot: anyOf([...ROOT, ...MAINS]) },
    to: { path: anyOf(ROOT) },
  },
  ...MAINS.map((node) => ({
    name: "only-the-root-imports-the-root",
    comment: "A second main builds Cyrene through compose.ts, and imports no other root file.",
    from: { path: under(node) },
    to: { path: anyOf(ROOT.filter((file) => file !== "compose.ts")) },
  })),
  ...INDEXED.map((node) => ({
    name: "only-through-index",
    comment: `src/${node} has a public face: outside it, import src/${node}/index.ts only.`,
    from: { path: "^src/", pathNot: under(node) },
    to: { path: under(node), pathNot: `^src/${escape(node)}/index\\.ts$` },
  })),
  {
    name: "no-circular",
    comment: "Files must not import each other in a circle, not even for types.",
    from: { path: "^src/" },
    to: { circular: true },
  },
].map((rule) => ({ severity: "error", ...rule }));
// The folder-level cycle check (domain services and foundations may import each other, but never in a
// circle of folders) is in scripts/dev/imports.mjs: dependency-cruiser's own folder scope goes by
// directory, where a tool's helper folder would count apart from its tool.

module.exports = {
  forbidden,
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
