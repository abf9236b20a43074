import { type ErrorBody, type ErrorCode, errorBody } from "@rgs/protocol/errors";
import type { FastifyReply } from "fastify";
import type { GameError } from "../game-error.ts";

/** Sends the one error shape of the API ({status, title, code, detail?}) with the status of its code. */
export function sendError(reply: FastifyReply, code: ErrorCode, detail?: string): FastifyReply {
  return sendErrorBody(reply, errorBody(code, detail));
}

function sendErrorBody(reply: FastifyReply, body: ErrorBody): FastifyReply {
  return reply.code(body.status).type("application/json; charset=utf-8").send(body);
}

/** Seconds to wait before resending, for the refusals that say "not now" rather than "no". */
const RETRY_AFTER_SECONDS: Partial<Record<string, number>> = {
  request_in_progress: 1,
  store_unavailable: 2,
  shutting_down: 1,
};

/** The one error shape with a Retry-After header where the code is one to retry. */
export function sendRetryableError(reply: FastifyReply, code: ErrorCode, detail?: string): FastifyReply {
  const seconds = RETRY_AFTER_SECONDS[code];
  if (seconds !== undefined) reply.header("retry-after", String(seconds));
  return sendError(reply, code, detail);
}

/**
 * A refusal of the round engine in the same shape, with its code's status and title, and the wallet's
 * message for the player (`customUserError`) when it sent one.
 */
export function sendGameError(reply: FastifyReply, error: GameError): FastifyReply {
  const body = errorBody(error.code, error.detail);
  if (error.reason !== undefined) body.reason = error.reason;
  if (error.customUserError !== undefined) body.customUserError = error.customUserError;
  Object.assign(body, error.figures);
  const retryAfterMs = error.figures?.retryAfterMs;
  // HTTP's Retry-After is in whole seconds: rounded up, so a client that waits it out is never early.
  const seconds =
    retryAfterMs === undefined ? RETRY_AFTER_SECONDS[error.code] : Math.ceil(retryAfterMs / 1000);
  if (seconds !== undefined) reply.header("retry-after", String(seconds));
  return sendErrorBody(reply, body);
}
