import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "schemas/**/*.test.ts", "scripts/**/*.test.{ts,mjs}", "server/**/*.test.ts", "mocks/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}", "tests/http/**/*.test.ts"];
/** Files that set process.env.TZ: a worker thread shares its process's zone with every other file. */
const OWN_PROCESS = ["app/lib/format.test.ts"];
/**
 * Files that need a module cache of their own: the site's build (tests/http, loaded by Node, which
 * vitest cannot load again) and the metrics (prom-client's one registry per process).
 */
const OWN_MODULES = ["tests/http/**/*.test.ts", "server/metrics*.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "#schemas": path.resolve(__dirname, "schemas"),
      "#locales": path.resolve(__dirname, "locales"),
    },
  },
  test: {
    // Worker threads, not processes: starting a thread costs a fraction of starting a process (on two
    // cores 201 s against 247 s for the whole run with a process per file).
    // - `unit`: the files share their worker's module cache (`isolate: false`), so the libraries are
    //   loaded once per worker, not once per file: on two cores the run took 142 s against 205 s,
    //   for 259 s of CPU against 394 s (152–182 s on fresh clones, against 193–229 s). Each file
    //   still gets the app's modules evaluated anew, none of the process-wide state of the file
    //   before it, and the environment, timers and globals put back after it
    //   (tests/unit/support/fresh-file.setup.ts).
    // - `modules`: a module cache per file (OWN_MODULES).
    // - `process`: a file that changes what a process has one of (its time zone) runs in a process
    //   of its own.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          pool: "threads",
          isolate: false,
          setupFiles: ["tests/unit/support/fresh-file.setup.ts"],
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS, ...OWN_MODULES],
        },
      },
      { extends: true, test: { name: "modules", pool: "threads", include: OWN_MODULES } },
      { extends: true, test: { name: "process", pool: "forks", include: OWN_PROCESS } },
    ],
    environment: "node",
    // The app's build (tests/http: the site as a browser without JavaScript meets it) is loaded by
    // Node as in production, not transformed again.
    server: { deps: { external: [/\/build\/index\.js$/] } },
    // A real redis-server for the Redis store's tests (tests/unit/redis-server.global-setup.ts).
    globalSetup: ["tests/unit/redis-server.global-setup.ts"],
    env: { MOCKS: "true", NODE_ENV: "test" },
    // Vitest's default leaves a core to its main process (one worker on two cores), which mostly
    // waits. A file's tests wait too (servers, timers, the redis-server), so one worker more than
    // the cores: on two cores 68 s for the unit tests against 78 s with two workers (1.8 cores
    // used against 1.5). The test files share nothing but the redis-server above (each uses keys
    // of its own) and listen on ports the system picks.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    // A test's verdict never hangs on how busy the machine is: 5 s (the default) is what a cold
    // import plus a journey through the mock world took at times on a shared two-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
