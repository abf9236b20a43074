/**
 * GET /play/:slug: the game client's HTML shell, under a CSP whose frame-ancestors are the embedding
 * origins of the operator whose session the launch URL's token belongs to (none without a session).
 */
import { GAME_SLUGS } from "@rgs/protocol/catalog";
import type { FastifyInstance } from "fastify";
import type { ClientBuild } from "./client-build.ts";
import { sendMessage, sendShell } from "./shell-answers.ts";

export interface GamePageDeps {
  build: ClientBuild;
  /** Origins allowed to embed the page opened with this launch token (an expired session's too). */
  frameAncestorsForToken(token: string): Promise<string[]>;
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function registerGamePage(app: FastifyInstance, deps: GamePageDeps): void {
  app.get<{ Params: { slug: string }; Querystring: Record<string, string | string[] | undefined> }>(
    "/play/:slug",
    { schema: { hide: true } },
    async (request, reply) => {
      if (!GAME_SLUGS.includes(request.params.slug)) {
        return sendMessage(reply, 404, "Game not found", "<p>There is no game at this address.</p>");
      }
      const raw = request.query.sessionToken;
      const token = typeof raw === "string" && TOKEN.test(raw) ? raw : undefined;
      return sendShell(reply, deps.build, async () => (token ? deps.frameAncestorsForToken(token) : []));
    },
  );
}
