import type { IncomingMessage, ServerResponse } from "node:http";
import { answerCallback, type CallbackReply, type CallbackVerifierOptions } from "./callbacks.ts";

/** Callback bodies are small; a larger one is refused before it is buffered whole. */
export const MAX_CALLBACK_BODY_BYTES = 64 * 1024;

export function readRawBody(
  request: IncomingMessage,
  limit = MAX_CALLBACK_BODY_BYTES,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The answer to a body over MAX_CALLBACK_BODY_BYTES, which is never parsed. */
export const TOO_LARGE: CallbackReply = {
  status: 413,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({ status: "ERROR_WRONG_SYNTAX" }),
};

export function sendReply(response: ServerResponse, reply: CallbackReply): void {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}

/**
 * The five wallet callbacks as a plain `node:http` request listener: mount it at your callback base
 * URL (`http.createServer(createCallbackHandler({...}))`), any path ending in `/callback/{name}`.
 */
export function createCallbackHandler(
  options: CallbackVerifierOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    readRawBody(request)
      .then(async (body) => {
        if (body === undefined) {
          sendReply(response, TOO_LARGE);
          return;
        }
        const reply = await answerCallback(options, {
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body,
        });
        sendReply(response, reply);
      })
      .catch(() => {
        response.destroy();
      });
  };
}
