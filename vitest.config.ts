import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "#schemas": path.resolve(__dirname, "schemas"),
      "#locales": path.resolve(__dirname, "locales"),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "schemas/**/*.test.ts", "scripts/**/*.test.{ts,mjs}", "server/**/*.test.ts", "mocks/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // A real redis-server for the Redis store's tests (tests/unit/redis-server.global-setup.ts).
    globalSetup: ["tests/unit/redis-server.global-setup.ts"],
    env: { MOCKS: "true", NODE_ENV: "test" },
  },
});
