/**
 * Players as a careful game client behaves: one Idempotency-Key per bet and per action, and a request cut
 * off (no answer, or a 503 saying nothing was done yet) sent again with the same key until it gets an
 * answer. Every answer is kept, so a test can check what reached the players.
 */
import { randomUUID } from "node:crypto";
import { GAMES } from "@rgs/protocol/catalog";
import type { Session } from "../../e2e/support/environment.ts";
import type { Answer, World } from "./world.ts";

/** What the mines player reads of a round. */
interface OpenRound {
  id: string;
  status: string;
  view: { revealed?: number[] };
}

/** The 503s the RGS documents, and the balancer's own when no instance can take a request. */
export const DOCUMENTED_503 = new Set([
  "wallet_unavailable",
  "round_initializing",
  "store_unavailable",
  "shutting_down",
  "service_unavailable",
]);

/** Answers that say "not done yet, ask again": the client resends the same key. */
const RESEND_503 = new Set([
  "round_initializing",
  "store_unavailable",
  "shutting_down",
  "service_unavailable",
]);

export const DICE = "dice-alpha";
export const MINES = GAMES.find((game) => game.slug === "mines")?.code ?? "mines";

export interface Sent {
  key: string;
  session: Session;
  path: "/game/play" | "/game/action";
  body: unknown;
  answers: Answer[];
  final?: Answer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const codeOf = (answer: Answer) => (typeof answer.body.code === "string" ? answer.body.code : undefined);

export class Players {
  readonly sent: Sent[] = [];
  readonly violations: string[] = [];
  readonly #world: World;

  constructor(world: World) {
    this.#world = world;
  }

  /** Sends a request with a new key until it has a final answer (at most `patienceMs`). */
  async request(session: Session, path: Sent["path"], body: unknown, patienceMs = 45_000): Promise<Answer> {
    const sent: Sent = { key: randomUUID(), session, path, body, answers: [] };
    this.sent.push(sent);
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const answer = await this.#world.once(session, "POST", path, body, sent.key);
      sent.answers.push(answer);
      const code = codeOf(answer);
      if (
        answer.status >= 500 &&
        !(answer.status === 503 && code !== undefined && DOCUMENTED_503.has(code))
      ) {
        this.violations.push(`${path} ${sent.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      const resend =
        answer.status === 0 ||
        (answer.status === 503 && code !== undefined && RESEND_503.has(code)) ||
        (answer.status === 409 && code === "request_in_progress");
      if (!resend || Date.now() > deadline) {
        if (resend) this.violations.push(`${path} ${sent.key}: no answer within ${patienceMs} ms`);
        sent.final = answer;
        return answer;
      }
      await sleep(200);
    }
  }

  /** Dice bets, one after another, until `until` returns true. */
  async betDice(session: Session, until: () => boolean): Promise<void> {
    while (!until()) {
      const answer = await this.request(session, "/game/play", {
        amount: "1.00",
        params: { condition: "over", target: "50.50" },
      });
      if (answer.status !== 200) await sleep(100);
    }
  }

  /** Mines rounds: a bet, a reveal, then cash out while the round is open. */
  async playMines(session: Session, until: () => boolean): Promise<void> {
    while (!until()) {
      const opened = await this.request(session, "/game/play", { amount: "1.00", params: { mines: 3 } });
      if (opened.status !== 200) {
        await sleep(100);
        continue;
      }
      await this.finishMines(session);
    }
  }

  /**
   * Ends the session's open mines round, if any: a reveal, then a cash-out while the round is open (a cash-out
   * before any reveal is refused `invalid_action`). A round found again after a fault may have its tile
   * revealed already; the next move tries the next tile.
   */
  async finishMines(session: Session): Promise<void> {
    for (let moves = 0; moves < 20; moves++) {
      const current = await this.#world.once(session, "POST", "/game/current");
      const round = (current.body as { round?: OpenRound | null }).round;
      if (current.status !== 200) {
        await sleep(200);
        continue;
      }
      if (round?.status !== "open") return;
      if (!round.view.revealed?.length) {
        const revealed = await this.request(session, "/game/action", {
          roundId: round.id,
          action: "reveal",
          params: { tile: moves % 25 },
        });
        if ((revealed.body as { round?: OpenRound } | undefined)?.round?.status !== "open") continue;
      }
      await this.request(session, "/game/action", { roundId: round.id, action: "cash_out" });
    }
  }

  /** How the final answers fell out, by status and code. */
  tally(): Record<string, number> {
    const tally: Record<string, number> = {};
    for (const sent of this.sent) {
      const final = sent.final;
      const name = final === undefined ? "none" : `${final.status} ${codeOf(final) ?? ""}`.trim();
      tally[name] = (tally[name] ?? 0) + 1;
    }
    return tally;
  }

  /** The answers that made a client resend (a cut connection is status 0), by status and code. */
  resent(): Record<string, number> {
    const tally: Record<string, number> = {};
    for (const sent of this.sent) {
      for (const answer of sent.answers.slice(0, -1)) {
        const name = `${answer.status} ${codeOf(answer) ?? ""}`.trim();
        tally[name] = (tally[name] ?? 0) + 1;
      }
    }
    return tally;
  }

  /**
   * Sends every request that was answered 200 once more with its key: each must be answered 200 again
   * with the same round, and a bet with the same stake and payout (one outcome per bet).
   */
  async resendAnswered(): Promise<string[]> {
    const problems: string[] = [];
    for (const sent of this.sent) {
      if (sent.final?.status !== 200) continue;
      const again = await this.#world.once(sent.session, "POST", sent.path, sent.body, sent.key);
      const first = sent.final.body.round as { id: string; stake: string; payout: string; status: string };
      const second = again.body.round as typeof first | undefined;
      const same =
        again.status === 200 &&
        second?.id === first.id &&
        (sent.path === "/game/action" ||
          first.status !== "closed" ||
          (second.stake === first.stake && second.payout === first.payout));
      if (!same) {
        problems.push(
          `${sent.path} ${sent.key}: first ${JSON.stringify(first)}, again ${JSON.stringify(again)}`,
        );
      }
    }
    return problems;
  }

  /** The rounds the players were told their bets opened, by player. */
  roundsAnswered(playerId: string): Set<string> {
    const ids = new Set<string>();
    for (const sent of this.sent) {
      if (sent.path !== "/game/play" || sent.session.playerId !== playerId || sent.final?.status !== 200)
        continue;
      ids.add((sent.final.body.round as { id: string }).id);
    }
    return ids;
  }
}
