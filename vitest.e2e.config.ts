import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    setupFiles: ["tests/e2e/failure-report.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    // a failed test is tried once more, so that one slow moment on a loaded machine does not fail the
    // build; the first failure's report (failure-report.ts) stays in the log, so a flake is still seen
    retry: 1,
    // a page may take seconds to settle on a loaded CI machine: poll for up to 10 s, not vitest's 1 s
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
