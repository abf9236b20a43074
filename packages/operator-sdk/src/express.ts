import type { IncomingMessage, ServerResponse } from "node:http";
import { answerCallback, type CallbackVerifierOptions } from "./callbacks.ts";
import { readRawBody, sendReply, TOO_LARGE } from "./node-handler.ts";

/** What the middleware needs of Express's request: Node's, plus what Express adds. */
type ExpressRequest = IncomingMessage & { originalUrl?: string; body?: unknown };
type Next = (error?: unknown) => void;

/**
 * The five wallet callbacks as Express middleware: `app.use("/wallet/v2", expressCallbacks({...}))`.
 * The signature covers the raw body, so mount it before `express.json()`, or behind `express.raw()`
 * (a Buffer body is used as is). A body already parsed into an object cannot be verified: that is a
 * mounting mistake and is passed to `next` as an error.
 */
export function expressCallbacks(
  options: CallbackVerifierOptions,
): (request: ExpressRequest, response: ServerResponse, next: Next) => void {
  return (request, response, next) => {
    const parsed = request.body;
    let pending: Promise<Buffer | undefined>;
    if (parsed instanceof Uint8Array) {
      pending = Promise.resolve(Buffer.from(parsed.buffer, parsed.byteOffset, parsed.byteLength));
    } else if (typeof parsed === "object" && parsed !== null && Object.keys(parsed).length > 0) {
      pending = Promise.reject(
        new Error(
          "The wallet callback middleware needs the raw body: mount it before express.json(), or use express.raw({ type: 'application/json' }).",
        ),
      );
    } else {
      pending = readRawBody(request);
    }
    pending
      .then(async (body) => {
        if (body === undefined) {
          sendReply(response, TOO_LARGE);
          return;
        }
        const url = request.originalUrl ?? request.url ?? "";
        sendReply(
          response,
          await answerCallback(options, {
            method: request.method ?? "",
            url,
            headers: request.headers,
            body,
          }),
        );
      })
      .catch(next);
  };
}
