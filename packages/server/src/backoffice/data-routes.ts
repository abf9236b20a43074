import { RoundSearchRequest, type SearchRound, TransactionSearchRequest } from "@rgs/protocol/operator-api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Clock } from "../clock.ts";
import { describeValidationError } from "../http/validation-detail.ts";
import { type CallbackAttempts, callbackAttempts } from "../reporting/callback-attempts.ts";
import type { SearchOutcome, SearchService } from "../reporting/search-service.ts";
import type { Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { must, mustSee, userOf } from "./guard.ts";
import { isStuck, type OnCallLimits } from "./on-call.ts";
import { reporting } from "./reporting-refusals.ts";
import { isUuid } from "./roles.ts";

/**
 * The operators a person sees, and the reporting searches of their rounds and transactions as the operator
 * API answers them (the same service, on the reporting connections and their limits, so the back office never
 * slows the bet path). Every answer carries player IDs: each search and each round opened is recorded.
 */

interface Deps {
  store: Pick<Store, "db" | "reporting">;
  searches: SearchService;
  audit: AuditRecorder;
  clock: Clock;
  limits: OnCallLimits;
}

type OperatorParams = { operatorId: string };

function answer<T>(outcome: SearchOutcome<T>): T {
  if (!outcome.ok) throw new BackofficeError(outcome.code, outcome.detail);
  return outcome.response;
}

export function registerDataRoutes(scope: FastifyInstance, deps: Deps): void {
  scope.get("/api/operators", async (request) => {
    const user = userOf(request);
    let query = deps.store.db.selectFrom("operators").select(["id", "name", "time_zone"]).orderBy("id");
    if (user.role !== "platform_admin" && user.operatorId !== null) {
      query = query.where("id", "=", user.operatorId);
    }
    const rows = await query.execute();
    return { operators: rows.map((row) => ({ id: row.id, name: row.name, timeZone: row.time_zone })) };
  });

  scope.post<{ Params: OperatorParams; Body: RoundSearchRequest }>(
    "/api/operators/:operatorId/rounds/search",
    { schema: { body: RoundSearchRequest }, attachValidation: true },
    (request) =>
      searchAs(deps, request, request.body, "rounds", (id, body) => deps.searches.rounds(id, body)),
  );

  scope.post<{ Params: OperatorParams; Body: TransactionSearchRequest }>(
    "/api/operators/:operatorId/transactions/search",
    { schema: { body: TransactionSearchRequest }, attachValidation: true },
    (request) =>
      searchAs(deps, request, request.body, "transactions", (id, body) =>
        deps.searches.transactions(id, body),
      ),
  );

  scope.get<{ Params: OperatorParams & { roundId: string } }>(
    "/api/operators/:operatorId/rounds/:roundId",
    async (
      request,
    ): Promise<{ round: SearchRound; attempts: Record<string, CallbackAttempts>; stuck: boolean }> => {
      const user = userOf(request);
      must(user, "rounds.read");
      const { operatorId, roundId } = request.params;
      mustSee(user, operatorId);
      if (!isUuid(roundId)) {
        throw new BackofficeError("round_not_found", `No round ${roundId}.`);
      }
      const [round] = answer(await deps.searches.rounds(operatorId, { roundId })).rounds;
      if (!round) throw new BackofficeError("round_not_found", `No round ${roundId} of ${operatorId}.`);
      const ids = round.transactions.map((t) => t.transactionId);
      const attempts = await reporting(() =>
        deps.store.reporting.run(operatorId, (db) => callbackAttempts(db, ids)),
      );
      await recordView(deps.audit, operatorId, "round", { roundId });
      // Only a stuck round has a settlement to preview: the page asks for one then, and only then.
      const stuck = isStuck(
        { status: round.status, lastActionAt: new Date(round.lastActionAt) },
        deps.clock.now(),
        deps.limits,
      );
      return { round, attempts, stuck };
    },
  );
}

/** A body or query the schema refused, as the operator API's searches answer it: an unknown field named as such. */
export function refuseInvalid(request: FastifyRequest, part: "body" | "querystring" = "body"): void {
  const failure = request.validationError;
  if (!failure) return;
  const unknown = failure.validation[0]?.keyword === "additionalProperties";
  throw new BackofficeError(
    unknown ? "unknown_filter" : "invalid_filter",
    describeValidationError(failure.validation, part),
  );
}

/** A search the operator API answers too, run for a person who may read the operator's rounds; recorded as a view. */
async function searchAs<B extends object, T>(
  deps: Deps,
  request: FastifyRequest<{ Params: OperatorParams }>,
  body: B,
  what: "rounds" | "transactions",
  search: (operatorId: string, body: B) => Promise<SearchOutcome<T>>,
): Promise<T> {
  refuseInvalid(request);
  const user = userOf(request);
  must(user, "rounds.read");
  mustSee(user, request.params.operatorId);
  const response = answer(await search(request.params.operatorId, body));
  await recordView(deps.audit, request.params.operatorId, what, body);
  return response;
}

/** A person saw player data: what they asked for (the person is the scope's actor). */
export function recordView(audit: AuditRecorder, operatorId: string, what: string, filters: object) {
  const { cursor: _cursor, ...asked } = filters as Record<string, unknown>;
  return audit.record({ operatorId, kind: "backoffice.player_data_viewed", data: { what, filters: asked } });
}
