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
