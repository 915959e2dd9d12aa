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
