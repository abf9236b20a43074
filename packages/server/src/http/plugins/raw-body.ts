import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../error-reply.ts";

/**
 * Operator requests are signed over the exact body bytes, so the body is kept as received (bytes)
 * and decoded and parsed only once the signature has been verified (`parseVerifiedJsonBody`):
 * unsigned garbage is refused as unauthenticated rather than answered with a parse error, and a
 * correctly signed body in another encoding is refused for its encoding, not for its signature.
 * Any content type other than JSON is refused by Fastify (415) before authentication, as is a body
 * over the limit (413).
 */
export function registerRawJsonBody(scope: FastifyInstance, opts: { bodyLimitBytes: number }): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: opts.bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
}

/** The raw body bytes of a request whose body `registerRawJsonBody` kept; undefined when none was sent. */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return Buffer.isBuffer(request.body) ? request.body : undefined;
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

/** The charset parameter of a Content-Type header, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? "").split(";").slice(1)) {
    const [name = "", ...rest] = parameter.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    return rest
      .join("=")
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return undefined;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Only the position of a JSON syntax error is repeated back: the parser's own message quotes the
 * body, and an answer must never echo what the sender wrote.
 */
function jsonErrorDetail(error: unknown): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
  return position === undefined
    ? "The body is not valid JSON."
    : `The body is not valid JSON (syntax error at character ${position}).`;
}

/**
 * Replaces the verified raw body by its parsed JSON; answers 415 unsupported_charset for a declared
 * charset other than UTF-8, 400 invalid_encoding for bytes that are not UTF-8, and 400 malformed_json.
 */
export function parseVerifiedJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const raw = rawBodyOf(request);
  if (raw === undefined) return undefined;
  const charset = charsetOf(request.headers["content-type"]);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return sendError(
      reply,
      "unsupported_charset",
      "Operator requests are JSON in UTF-8: send Content-Type: application/json (a charset parameter, if any, must be utf-8).",
    );
  }
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    return sendError(reply, "invalid_encoding", "The body is not valid UTF-8; send JSON encoded in UTF-8.");
  }
  if (text.trim() === "") {
    return sendError(reply, "malformed_json", "The body is empty; send a JSON object.");
  }
  try {
    request.body = JSON.parse(text);
    return undefined;
  } catch (error) {
    return sendError(reply, "malformed_json", jsonErrorDetail(error));
  }
}
