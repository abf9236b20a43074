/**
 * GET /replay/:token: the game client's HTML shell for a round's replay link. The page may be framed by
 * the origins of the operator whose round it is (frame-ancestors), and by nobody for a link that names no
 * round. The round itself is read by the page (GET /game/replay/:token).
 */
import type { FastifyInstance } from "fastify";
import type { ReplayLinks } from "../../replay-links/replay-link.ts";
import type { ClientBuild } from "./client-build.ts";
import { sendMessage, sendShell } from "./shell-answers.ts";

export interface ReplayPageDeps {
  build: ClientBuild;
  links: ReplayLinks;
  /** The operator whose round the ID names, hot or moved to the history. */
  operatorOfRound(roundId: string): Promise<string | undefined>;
  frameAncestorsOf(operatorId: string): Promise<string[]>;
}

export function registerReplayPage(app: FastifyInstance, deps: ReplayPageDeps): void {
  app.get<{ Params: { token: string } }>(
    "/replay/:token",
    { schema: { hide: true } },
    async (request, reply) => {
      const roundId = deps.links.roundIdOf(request.params.token);
      const operatorId = roundId === undefined ? undefined : await deps.operatorOfRound(roundId);
      if (operatorId === undefined) {
        return sendMessage(reply, 404, "Round not found", "<p>This replay link names no round.</p>");
      }
      return sendShell(reply, deps.build, () => deps.frameAncestorsOf(operatorId), {
        "x-robots-tag": "noindex",
      });
    },
  );
}
