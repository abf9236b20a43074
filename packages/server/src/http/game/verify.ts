import { isDeepStrictEqual } from "node:util";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { VerifyRequest, VerifyResponse } from "@rgs/protocol/game-api";
import { formatAmount } from "@rgs/protocol/money";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { RoundDetails, RoundEngine } from "../../rounds/engine.ts";
import { findVerifyInputs } from "../../rounds/history-repository.ts";
import type { Store } from "../../store/database.ts";
import { type ReplayAction, type ReplayResult, replayRound } from "../../verify/replay-round.ts";
import { sendError } from "../error-reply.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

const SEED_FIELDS = ["serverSeed", "clientSeed", "nonce", "gameCode"] as const;

function publicResult({ finalView: _, ...result }: ReplayResult): Omit<ReplayResult, "finalView"> {
  return result;
}

/** A cancelled round verifies as what it is: its nonce was consumed and nothing was played. */
function cancelledRound(details: RoundDetails): VerifyResponse {
  const { serverSeedHash, clientSeed, nonce } = details.fairness;
  return {
    gameCode: details.gameCode,
    serverSeedHash,
    clientSeed,
    nonce,
    currency: details.currency,
    stake: details.stake,
    payout: details.payout,
    closed: false,
    steps: [],
    cancelled: true,
  };
}

/**
 * POST /game/verify. With seeds, parameters and steps it needs no session: it is the game's own code
 * run on public inputs, so anyone can check a round. With `roundId` it recomputes a finished round of
 * the session's player from its revealed seeds and says whether the recorded outcome matches.
 */
export function registerVerifyRoute(
  scope: FastifyInstance,
  deps: { rounds: RoundEngine; store: Store },
): void {
  async function verifyRecorded(
    request: { gameSession: import("../../store/sessions-repository.ts").GameSession | null },
    body: VerifyRequest,
    reply: FastifyReply,
  ) {
    const session = request.gameSession;
    if (session === null) {
      return sendError(
        reply,
        "invalid_session",
        "Verifying a round by roundId needs the session token (Authorization: Bearer <token>).",
      );
    }
    const roundId = body.roundId ?? "";
    const { details, storedParams } = await deps.rounds.recorded(session, roundId);
    if (details.status === "cancelled") return cancelledRound(details);
    if (details.status !== "closed") {
      return sendError(reply, "round_not_finished", "Only a finished round can be verified.");
    }
    if (details.fairness.serverSeed === undefined) {
      return sendError(
        reply,
        "seed_pair_not_retired",
        "The server seed of this round is still secret: rotate the seeds (POST /seed/rotate), then verify.",
      );
    }
    const currency = resolveCurrency(details.currency);
    if (!currency) throw new Error(`round ${roundId} has an unknown currency`);
    const recorded = await findVerifyInputs(deps.store, details.id);
    if (!recorded) throw new Error(`round ${roundId} has no session`);
    // The details show the parameters as plain JSON; the replay takes them as stored, in the form the
    // game's code read when the round was played (a dice target in hundredths, amounts as bigints).
    const replayed = replayRound({
      gameCode: details.gameCode,
      serverSeed: details.fairness.serverSeed,
      clientSeed: details.fairness.clientSeed,
      nonce: details.fairness.nonce,
      storedParams,
      amount:
        recorded.openingDebit === undefined
          ? details.stake
          : formatAmount(recorded.openingDebit, currency.decimals),
      currency: details.currency,
      maxWin: formatAmount(recorded.maxWin, currency.decimals),
      startedAt: details.createdAt,
      actions: details.actions as ReplayAction[],
    });
    const matches =
      replayed.closed &&
      replayed.stake === details.stake &&
      replayed.payout === details.payout &&
      isDeepStrictEqual(replayed.finalView, details.view);
    return { ...publicResult(replayed), matches };
  }

  scope.post<{ Body: VerifyRequest }>(
    "/game/verify",
    {
      schema: {
        summary: "Recompute a round",
        description:
          "Replays a round with the game's own code. Either send roundId (a finished round of the session's player whose seed pair is rotated; needs the session token) and get `matches`, or send serverSeed, clientSeed, nonce, gameCode, the round's params and its actions (as GET /game/round/{id} lists them), optionally amount, currency and maxWin; this form needs no session token.",
        operationId: "verifyRound",
        tags: ["game"],
        // The session token is needed for the roundId form only; `{}` is OpenAPI's "or no credentials".
        security: [...SESSION_SECURITY, {}],
        body: VerifyRequest,
        response: {
          200: { ...VerifyResponse, description: "The recomputed round." },
          ...GAME_ERROR_RESPONSES,
          400: gameError(
            "invalid_request (missing seed fields), unknown_game, invalid_params, invalid_amount or invalid_action: the inputs do not describe a playable round.",
          ),
          401: gameError("invalid_session or session_expired: roundId needs a valid session token."),
          404: gameError("round_not_found: no such round of this player."),
          409: gameError(
            "round_not_finished, or seed_pair_not_retired: the round's server seed is still secret (rotate the seeds first).",
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.roundId !== undefined) return verifyRecorded(request, body, reply);
      const missing = SEED_FIELDS.filter((field) => body[field] === undefined);
      if (missing.length > 0) {
        return sendError(
          reply,
          "invalid_request",
          `Send roundId, or serverSeed, clientSeed, nonce and gameCode; missing: ${missing.join(", ")}.`,
        );
      }
      const replayed = replayRound({
        gameCode: body.gameCode ?? "",
        serverSeed: body.serverSeed ?? "",
        clientSeed: body.clientSeed ?? "",
        nonce: body.nonce ?? 0,
        params: body.params,
        amount: body.amount ?? "1.00",
        currency: body.currency ?? "USD",
        ...(body.maxWin !== undefined ? { maxWin: body.maxWin } : {}),
        ...(body.startedAt !== undefined ? { startedAt: body.startedAt } : {}),
        actions: body.actions ?? [],
      });
      return publicResult(replayed);
    },
  );
}
