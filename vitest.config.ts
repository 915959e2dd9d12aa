import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Installs (once) Debian's chromium and CJK fonts for the browser tests; provisions (cached) and
    // starts a real Home Assistant Core once for the whole run.
    globalSetup: ["test/fixtures/web/browser-setup.ts", "test/fixtures/ha/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
