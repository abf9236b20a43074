import type { FastifyInstance } from "fastify";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/database.ts";
import { must, userOf } from "./guard.ts";
import { type OnCallLimits, operatorHealth, stuckRounds } from "./on-call.ts";
import { instanceHealth } from "./on-call-instances.ts";
import { reporting } from "./reporting-refusals.ts";

/** The reporting pool's key for the on-call view: it reads every operator at once. */
const POOL_KEY = "backoffice:on-call";

/** The platform's health across every operator, for the platform's own on-call engineers. */
export function registerOnCallRoutes(
  scope: FastifyInstance,
  deps: { store: Pick<Store, "reporting">; clock: Clock; limits: OnCallLimits },
): void {
  scope.get("/api/on-call", async (request) => {
    must(userOf(request), "oncall.read");
    const now = deps.clock.now();
    return reporting(() =>
      deps.store.reporting.run(POOL_KEY, async (db) => ({
        at: new Date(now).toISOString(),
        instances: await instanceHealth(db, now),
        operators: await operatorHealth(db, now),
        stuckRounds: await stuckRounds(db, now, deps.limits),
      })),
    );
  });
}
