import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/api/**/*.test.ts"],
    globalSetup: ["tests/api/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    // thousands of requests a minute from one address: the general rate limit is off here, and tested
    // with limits of its own (tests/api/rate-limit.test.ts)
    env: { RATE_LIMIT_PER_TOKEN: "0", RATE_LIMIT_PER_ADDRESS: "0" },
  },
});
