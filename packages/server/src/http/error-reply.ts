import { type ErrorCode, errorBody } from "@rgs/protocol/errors";
import type { FastifyReply } from "fastify";

/** Sends the one error shape of the API ({status, title, code, detail?}) with the status of its code. */
export function sendError(reply: FastifyReply, code: ErrorCode, detail?: string): FastifyReply {
  const body = errorBody(code, detail);
  return reply.code(body.status).type("application/json; charset=utf-8").send(body);
}
