import {
  ErrorBody,
  RoundSearchRequest,
  RoundSearchResponse,
  SEARCH_PAGE_MAX,
  SEARCH_RANGE_MAX_DAYS,
  TransactionSearchRequest,
  TransactionSearchResponse,
} from "@rgs/protocol/operator-api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SearchOutcome, SearchService } from "../../reporting/search-service.ts";
import { sendError } from "../error-reply.ts";
import { describeValidationError } from "../validation-detail.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

const error = (description: string) => ({ ...ErrorBody, description });

const SEARCH_ERRORS = {
  ...OPERATOR_ERROR_RESPONSES,
  400: error(
    `query_not_allowed, malformed_json; unknown_filter (a field this search does not know); invalid_filter (a filter of the wrong type or form, a limit outside 1 to ${SEARCH_PAGE_MAX}); invalid_time_range (a missing bound, a time that is not RFC 3339 with a zone, to not after from); time_range_too_long (more than ${SEARCH_RANGE_MAX_DAYS} days); invalid_cursor (not a next this server gave); cursor_mismatch (a cursor of another search, operator or set of filters).`,
  ),
  429: error(
    "rate_limit_exceeded, or reporting_busy: your searches and reports already in flight are as many as allowed; Retry-After gives the seconds to wait.",
  ),
  503: error("reporting_timeout: the search took longer than allowed and was stopped; narrow it."),
};

const PAGING =
  "Pages hold up to 500 items (limit, default 100); send the answer's next as cursor, with the same filters, for the following page. A search's asOf, fixed by its first page a few seconds in the past, bounds every page, so pages neither skip nor repeat while bets go on; items after it belong to a new search. Demo rounds are never included. Filters and cursors travel in the signed body.";

export function registerSearchRoutes(scope: FastifyInstance, deps: { searches: SearchService }): void {
  scope.post<{ Body: RoundSearchRequest }>(
    "/operator/rounds/search",
    {
      attachValidation: true,
      schema: {
        summary: "Find your players' rounds",
        description: `Your real-money rounds, newest start first, by player, round ID, transaction ID, game, currency, status and start time, from the live tables and the history. Each round carries its stake, payout, times, wallet transactions, fairness data and, once finished, its replay link. A round of a month that was archived and removed answers 410 round_archived with the month. ${PAGING}`,
        operationId: "searchRounds",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: RoundSearchRequest,
        response: {
          200: { ...RoundSearchResponse, description: "A page of rounds." },
          ...SEARCH_ERRORS,
          410: error("round_archived: the round's month was exported and removed; the detail names it."),
        },
      },
    },
    async (request, reply) =>
      refuseInvalid(request, reply) ??
      answer(reply, await deps.searches.rounds(request.operatorId, request.body)),
  );

  scope.post<{ Body: TransactionSearchRequest }>(
    "/operator/transactions/search",
    {
      attachValidation: true,
      schema: {
        summary: "Find your wallet transactions",
        description: `Your real-money wallet transactions, newest confirmation first, by the time your wallet's final answer was recorded, kind, state, player and round, from the live tables and the history. ${PAGING}`,
        operationId: "searchTransactions",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: TransactionSearchRequest,
        response: {
          200: { ...TransactionSearchResponse, description: "A page of transactions." },
          ...SEARCH_ERRORS,
        },
      },
    },
    async (request, reply) =>
      refuseInvalid(request, reply) ??
      answer(reply, await deps.searches.transactions(request.operatorId, request.body)),
  );
}

/** A body the schema refused: an unknown field is named as such, anything else as an invalid filter. */
function refuseInvalid(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const failure = request.validationError;
  if (!failure) return undefined;
  const errors = failure.validation;
  const detail = describeValidationError(errors, "body");
  const unknown = errors[0]?.keyword === "additionalProperties";
  return sendError(reply, unknown ? "unknown_filter" : "invalid_filter", detail);
}

function answer<T>(reply: FastifyReply, outcome: SearchOutcome<T>): T | FastifyReply {
  if (outcome.ok) return outcome.response;
  if (outcome.code === "reporting_busy") reply.header("retry-after", "1");
  return sendError(reply, outcome.code, outcome.detail);
}
