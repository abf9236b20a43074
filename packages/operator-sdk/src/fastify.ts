import type { FastifyInstance } from "fastify";
import { answerCallback, type CallbackVerifierOptions } from "./callbacks.ts";
import { MAX_CALLBACK_BODY_BYTES } from "./node-handler.ts";

/**
 * The five wallet callbacks as a Fastify plugin: `app.register(fastifyCallbacks, { prefix: "/wallet/v2",
 * ...options })` serves `POST /wallet/v2/callback/{name}`. The plugin keeps JSON bodies as raw bytes in
 * its own encapsulated scope, so the signature is checked over what was sent and the rest of the app
 * keeps its own parser.
 */
export async function fastifyCallbacks(
  app: FastifyInstance,
  options: CallbackVerifierOptions,
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: MAX_CALLBACK_BODY_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post("/callback/:name", async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const answer = await answerCallback(options, {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
