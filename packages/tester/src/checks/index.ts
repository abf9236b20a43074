import { attackVectorChecks } from "./attack-vectors.ts";
import type { CheckDefinition } from "./check-run.ts";
import { consistencyChecks } from "./consistency.ts";
import { edgeCaseChecks } from "./edge-cases.ts";
import { errorHandlingChecks } from "./error-handling.ts";
import { freeRoundChecks } from "./free-rounds.ts";
import { happyPathChecks } from "./happy-path.ts";
import { hmacSecurityChecks } from "./hmac-security.ts";
import { idempotencyChecks } from "./idempotency.ts";
import { orderingChecks } from "./ordering.ts";

/** Every check, in the order they run: the Happy Path first (it finds the starting balance), money settled last. */
export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...happyPathChecks,
  ...idempotencyChecks,
  ...errorHandlingChecks,
  ...hmacSecurityChecks,
  ...attackVectorChecks,
  ...edgeCaseChecks,
  ...orderingChecks,
  ...freeRoundChecks,
  ...consistencyChecks,
];

/** Checks of a contract an operator opts into: they run only when asked for (`--free-rounds` or `--only`). */
export const OPT_IN_CATEGORIES: ReadonlySet<string> = new Set(["Free Rounds"]);

/** Checks every run needs: without the player and the starting balance nothing else can be judged. */
export const PREREQUISITES: ReadonlySet<string> = new Set([
  "happy.authenticate",
  "happy.balance",
  "consistency.balance-restored",
]);
