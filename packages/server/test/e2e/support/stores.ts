import { afterAll, afterEach, beforeAll, describe } from "vitest";
import { postgresAvailable } from "../../../../../test-support/services.ts";
import { Environment, type EnvironmentOptions, type StoreKind } from "./environment.ts";

const postgres = await postgresAvailable();

/**
 * Defines the same suite twice: the RGS on its embedded store (PGlite in a temporary DATA_DIR), then on
 * PostgreSQL in a schema of its own (skipped, with a line saying so, when PostgreSQL is not reachable).
 * The wallet runs on PGlite in both. `env()` is the running environment inside the tests.
 */
export function onEveryStore(
  name: string,
  options: Omit<EnvironmentOptions, "store">,
  define: (env: () => Environment, store: StoreKind) => void,
): void {
  for (const store of ["pglite", "postgres"] as const) {
    describe.skipIf(store === "postgres" && !postgres)(`${name} (RGS on ${store})`, () => {
      let environment: Environment | undefined;
      beforeAll(async () => {
        environment = await Environment.start({ ...options, store });
      }, 180_000);
      // A test that failed half-way must not leave its faults to the next one.
      afterEach(async () => {
        await environment?.clearFaults();
      });
      afterAll(async () => {
        await environment?.close();
      }, 60_000);
      define(() => {
        if (!environment) throw new Error("the environment did not start");
        return environment;
      }, store);
    });
  }
}
