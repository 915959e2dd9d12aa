import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * The house's layers, top to bottom (docs: ARCHITECTURE.md, issue 21). An import may point down or
 * sideways inside a layer that allows it, never up; entry points never import each other. Folders are
 * under src/; every import inside src/ is relative, so an import names the folder it reaches.
 */
const LAYERS = [
  // The composition root (src/compose.ts, src/main.ts) may import anything; the other files in src/ are
  // foundations (child-worker.ts, clock.ts, input-error.ts, …).
  // mcp/server is Cyrene's /mcp for other agents; mcp/client (below) is a domain service, a source of tools.
  { folders: ["server", "assist", "cli", "thinker", "mcp/server"], peers: false, name: "entry points" },
  // What the entry points share: HTTP errors per wire format, body parsing, SSE, source access.
  { folders: ["http"], peers: false, name: "entry-point plumbing" },
  { folders: ["agent"], peers: false, name: "the agent" },
  { folders: ["tools"], peers: false, name: "tools" },
  // Domain services may use each other where no cycle forms (scripts/dev/folder-cycles.mjs, in npm run lint).
  {
    folders: ["ha", "knowledge", "reminders", "notify", "store", "net", "turn", "mcp/client"],
    peers: true,
    name: "domain services",
  },
  { folders: ["llm", "config", "logging", "time", "text", "json-schema"], peers: true, name: "foundations" },
];
const ROOT_FILES = ["compose", "main"];
const ADAPTERS = { assist: ["ollama", "wyoming"] };
/** The `cyrene` command (cli/chat.ts) is a second main: it builds its own Cyrene through compose.ts. */
const MAINS = ["cli"];

/** `../` (any depth) then one of `names` as a folder: how a file in src/<a>/… reaches src/<b>/…. */
const reaching = (names) => `^(\\.\\./)+(${names.join("|")})/`;

/** One block per folder (a later block's `no-restricted-imports` replaces an earlier one's, so none overlap). */
function layerRules() {
  return LAYERS.flatMap((layer, index) => {
    const above = LAYERS.slice(0, index).flatMap((l) => l.folders);
    return layer.folders.flatMap((folder) => {
      const peers = layer.peers ? [] : layer.folders.filter((other) => other !== folder);
      const patterns = [
        {
          regex: `^(\\.\\./)+(${ROOT_FILES.filter((file) => !MAINS.includes(folder) || file !== "compose").join("|")})\\.js$`,
          message: "Only the composition root imports it.",
        },
        ...(above.length
          ? [{ regex: reaching(above), message: `${layer.name} must not import a layer above.` }]
          : []),
        ...(peers.length
          ? [{ regex: reaching(peers), message: `${layer.name} must not import each other.` }]
          : []),
      ];
      const block = (files, extra = []) => ({
        files,
        rules: { "no-restricted-imports": ["error", { patterns: [...patterns, ...extra] }] },
      });
      const adapters = ADAPTERS[folder];
      if (!adapters) return [block([`src/${folder}/**/*.ts`])];
      // Adapters inside one entry point (assist/ollama, assist/wyoming) share only what lies below them.
      return [
        block([`src/${folder}/*.ts`]),
        ...adapters.map((adapter) =>
          block(
            [`src/${folder}/${adapter}/**/*.ts`],
            [
              {
                regex: reaching(adapters.filter((a) => a !== adapter)),
                message: "adapters must not import each other.",
              },
            ],
          ),
        ),
      ];
    });
  });
}

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "coverage/", "web/dist/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...layerRules(),
  {
    // One place decides the time (docs/architecture.md, "Time"): a test clock moves whatever reads it there.
    files: ["src/**/*.ts"],
    ignores: ["src/time/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          ["MemberExpression[object.name='Date'][property.name='now']", "Date.now()"],
          ["NewExpression[callee.name='Date'][arguments.length=0]", "new Date()"],
        ].map(([selector, what]) => ({
          selector,
          message:
            `${what} reads the system's time, which a test clock does not move. For the current instant use ` +
            'HomeTime\'s now() (take `time: Pick<HomeTime, "now">` from compose; new Date(time.now()) for a Date); ' +
            "for a duration performance.now(); for a time limit deadlineIn/msLeft (time/deadline.ts) or withTimeout " +
            "(time/timeout.ts).",
        })),
      ],
    },
  },
  {
    // The web UI runs in the browser: no Node built-ins there (web/vite.config.ts runs in Node, outside src/).
    files: ["web/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["node:*"], message: "web/src runs in the browser." }] },
      ],
    },
  },
);
