import js from "@eslint/js";
import tseslint from "typescript-eslint";

// The import rules (layers, adapters, index-only folders, circles) are checked by dependency-cruiser:
// .dependency-cruiser.cjs and scripts/dev/imports.mjs, in `npm run lint`.

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
    // Heavy libraries load on first use (docs/architecture.md): a static import would bring them back into
    // the boot. `await import()` (in a lazy()) and `import type` are how src/ reaches them; the modules
    // that are themselves loaded that way (or only in the page reader's child) may import them statically.
    files: ["src/**/*.ts"],
    ignores: ["src/llm/sdk-errors.ts", "src/net/page-scan.ts", "src/net/extract.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            "openai",
            "htmlparser2",
            "@mozilla/readability",
            "axios",
            "iconv-lite",
            "markdown-it",
            "sanitize-html",
            "chrono-node",
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: "A heavy library: load it on first use, with lazy() around an await import().",
          })),
          patterns: [
            {
              group: ["@modelcontextprotocol/sdk/client/*", "**/sdk-errors.js", "**/page-scan.js"],
              allowTypeImports: true,
              message: "Loaded on first use (or only in a child process): reach it with an await import().",
            },
          ],
        },
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
