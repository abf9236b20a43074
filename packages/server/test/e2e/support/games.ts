/**
 * How to play a round of each registered game through the game API: the parameters of a bet and, for the
 * cash-out games, the action that moves the round on.
 */
import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { GAMES } from "@rgs/protocol/catalog";
import type { Environment, HttpAnswer, Session } from "./environment.ts";

export interface Round {
  id: string;
  gameCode: string;
  status: "open" | "settling" | "closed" | "cancelled";
  stake: string;
  payout: string;
  note?: string;
  view?: unknown;
  createdAt: string;
}

export interface RoundAnswer {
  round: Round;
  balance: string | null;
}

/** Bet parameters of the single-round games, by slug. */
export const SINGLE_ROUND_PARAMS: Record<string, unknown> = {
  dice: { condition: "over", target: "50.50" },
  limbo: { target: "2.00" },
  keno: { picks: [3, 17, 42], risk: "classic" },
  lightning_keno: { picks: [1, 2, 3], risk: "low" },
  roulette: { bets: [{ kind: "red", amount: "1.00" }] },
  baccarat: { bets: { banker: "1.00" } },
  plinko: { rows: 8, risk: "low" },
  plinko_100: { rows: 8, risk: "low" },
  lightning_plinko: { rows: 8, risk: "low" },
  wheel: { segments: 10, risk: "low" },
  darts: { risk: "low" },
  cases: { difficulty: "easy" },
  pinball: { risk: "low" },
};

interface Move {
  action: string;
  params?: unknown;
}

interface Script {
  params: unknown;
  /** The next move, or how to choose it from the round's view. */
  step?: Move | ((view: unknown) => Move);
}

function tableMove(view: unknown): Move {
  const actions = (view as { actions?: string[] } | null)?.actions ?? [];
  return { action: actions.includes("decline_insurance") ? "decline_insurance" : "stand" };
}

/** Bet parameters and the next move of the cash-out games (and the table games), by slug. */
export const CASH_OUT_SCRIPTS: Record<string, Script> = {
  mines: { params: { mines: 3 }, step: { action: "reveal", params: { tile: 0 } } },
  mines_mania: { params: { mines: 3 }, step: { action: "reveal", params: { tile: 0 } } },
  towers: { params: { difficulty: "easy" }, step: { action: "pick", params: { tile: 0 } } },
  hilo: { params: {}, step: { action: "guess", params: { direction: "higher" } } },
  coinflip: { params: {}, step: { action: "flip", params: { side: "heads" } } },
  degen_mining: { params: { difficulty: "easy" }, step: { action: "dig", params: { shaft: 0 } } },
  chicken_crossing: { params: { difficulty: "easy" }, step: { action: "step" } },
  doctor_pump: { params: { difficulty: "easy" }, step: { action: "pump" } },
  rock_paper_scissors: { params: {}, step: { action: "throw", params: { hand: "rock" } } },
  // A crash game: the plane takes off with the bet, and the player cashes out.
  flight_deck: { params: {} },
  // Table games: decline insurance when offered, then stand on every hand.
  blackjack: { params: {}, step: tableMove },
  blackjack_multi: { params: { seats: [{ bet: "1.00" }] }, step: tableMove },
  // Craps rolls a pass line bet until it is decided; war surrenders at a tie.
  craps: { params: { bets: [{ bet: "pass", amount: "1.00" }] }, step: { action: "roll" } },
  war: { params: { main: "1.00" }, step: { action: "surrender" } },
};

/** One code of every registered game (its first code in the catalog). */
export function registeredGameCodes(): string[] {
  const codes = new Map<string, string>();
  for (const game of GAMES) {
    if (GAMES_BY_SLUG[game.slug] && !codes.has(game.slug)) codes.set(game.slug, game.code);
  }
  return [...codes.values()];
}

export function slugOf(code: string): string {
  return GAMES.find((game) => game.code === code)?.slug ?? code;
}

export function paramsOf(code: string): unknown {
  const slug = slugOf(code);
  return SINGLE_ROUND_PARAMS[slug] ?? CASH_OUT_SCRIPTS[slug]?.params;
}

/** Starts a round: POST /game/play with the game's parameters. */
export function play(env: Environment, session: Session, amount = "1.00"): Promise<HttpAnswer> {
  return env.game(session, "POST", "/game/play", { amount, params: paramsOf(session.gameCode) });
}

/**
 * Plays a cash-out round to its end: one move, then cash out, moving again while cashing out is refused
 * (a rock-paper-scissors tie, a hilo skip...). Returns the last answer.
 */
export async function finishRound(
  env: Environment,
  session: Session,
  opened: RoundAnswer,
): Promise<HttpAnswer<RoundAnswer>> {
  const script = CASH_OUT_SCRIPTS[slugOf(session.gameCode)];
  let last: HttpAnswer<RoundAnswer> = { status: 200, body: opened };
  for (let moves = 0; moves < 30 && last.body.round.status === "open"; moves++) {
    const roundId = last.body.round.id;
    if (moves > 0 || script?.step === undefined) {
      const cashed = await env.game<RoundAnswer>(session, "POST", "/game/action", {
        roundId,
        action: "cash_out",
      });
      if (cashed.status === 200) return cashed;
      if ((cashed.body as { code?: string }).code === "round_closed") {
        // A crash game can end on its own between the last answer and the cash-out.
        const round = await env.game<Round>(session, "GET", `/game/round/${roundId}`);
        return { status: round.status, body: { round: round.body, balance: null } };
      }
    }
    if (script?.step === undefined)
      throw new Error(`${session.gameCode}: cash-out refused and no other move`);
    const step = typeof script.step === "function" ? script.step(last.body.round.view) : script.step;
    const moved = await env.game<RoundAnswer>(session, "POST", "/game/action", { roundId, ...step });
    if (moved.status !== 200) throw new Error(`${session.gameCode}: ${JSON.stringify(moved.body)}`);
    last = moved;
  }
  return last;
}
