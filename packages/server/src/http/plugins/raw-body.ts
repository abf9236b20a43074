import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../error-reply.ts";

/**
 * Operator requests are signed over the exact body bytes, so the body is kept as received (a string)
 * and parsed only once the signature has been verified (`parseVerifiedJsonBody`): unsigned garbage
 * is refused as unauthenticated rather than answered with a parse error. Any content type other
 * than JSON is refused by Fastify (415) before authentication, as is a body over the limit (413).
 */
export function registerRawJsonBody(scope: FastifyInstance, opts: { bodyLimitBytes: number }): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: opts.bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
}

/** The raw body text of a request whose body `registerRawJsonBody` kept; undefined when none was sent. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return typeof request.body === "string" ? request.body : undefined;
}

/** A POST without a JSON body at all (no Content-Type, empty body) gets the same answer as a wrong type. */
export function refuseMissingJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (request.method !== "POST" || rawBodyOf(request) !== undefined) return undefined;
  return sendError(
    reply,
    "unsupported_media_type",
    "Send the request body as JSON with the header Content-Type: application/json.",
  );
}

const MAX_PARSER_MESSAGE = 200;

/** Replaces the verified raw body by its parsed JSON, or answers 400 malformed_json. */
export function parseVerifiedJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const raw = rawBodyOf(request);
  if (raw === undefined) return undefined;
  if (raw.trim() === "") {
    return sendError(reply, "malformed_json", "The body is empty; send a JSON object.");
  }
  try {
    request.body = JSON.parse(raw);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const shortened =
      message.length > MAX_PARSER_MESSAGE ? `${message.slice(0, MAX_PARSER_MESSAGE)}…` : message;
    return sendError(reply, "malformed_json", `The body is not valid JSON: ${shortened}`);
  }
}
