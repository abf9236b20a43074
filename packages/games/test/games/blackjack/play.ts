/** Playing blackjack rounds in tests: scripted cards, and a bot that follows the published basic strategy. */
import { firstWordOf } from "../../../src/fair/lattice.ts";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom } from "../../../src/fair/random.ts";
import { cardValue, handTotal } from "../../../src/games/blackjack/cards.ts";
import type { BlackjackRules } from "../../../src/games/blackjack/rules.ts";
import { strategyAction } from "../../../src/games/blackjack/strategy.ts";
import type { TableAction, TableState, TableView } from "../../../src/games/blackjack/table.ts";
import { type Rational, rat } from "../../../src/math/rational.ts";
import type { GameDefinition, Step } from "../../../src/model.ts";
import { wordsSource } from "../production.ts";

export type TableGame<P> = GameDefinition<P, TableState, TableAction, TableView>;
export type TableStepOf = Step<TableState, TableView>;

export const RTP = rat(9946, 10_000);
export const ctx = { rtp: RTP, decimals: 2 };

/** Card of a rank (0 ace ... 12 king) and suit (0 spades, 1 hearts, 2 clubs, 3 diamonds). */
export const card = (rank: number, suit = 0) => rank * 4 + suit;

/** A stream dealing exactly these cards, in order (each by the first word mapping to it). */
export const dealing = (cards: number[]): FairRandom =>
  wordsSource(cards.map((c) => Number(firstWordOf(52, c))));

export function start<P>(
  game: TableGame<P>,
  params: P,
  stake: bigint,
  source: FairRandom,
  maxWin = 10n ** 12n,
): TableStepOf {
  return game.start({ stake, params, rtp: RTP, maxWin }, { random: source.reader(0), now: 0 });
}

/** Parses and applies an action as the engine does; throws on a refusal. */
export function act<P>(
  game: TableGame<P>,
  step: TableStepOf,
  action: string,
  source: FairRandom,
): TableStepOf {
  const parsed = game.parseAction?.({ action }, step.state, ctx);
  if (!parsed?.ok) throw new Error(parsed ? parsed.detail : "no parseAction");
  const act = game.act;
  if (!act) throw new Error("no act");
  return act(step.state, parsed.value, { random: source.reader(step.state.randomPosition), now: 0 });
}

/** The published strategy's choice for the round as it stands (insurance always declined). */
export function botAction(rules: BlackjackRules, step: TableStepOf): string {
  const { view, state } = step;
  if (view.actions.includes("decline_insurance")) return "decline_insurance";
  const active = state.active;
  const hand = active && state.seats[active.seat]?.hands[active.hand];
  if (!hand) throw new Error("no hand to play");
  const up = cardValue(state.dealer[0] as number);
  if (hand.splitAces && !view.actions.includes("split")) return "stand";
  const action = strategyAction(rules, {
    values: hand.cards.map(cardValue),
    up,
    canDouble: view.actions.includes("double"),
    canSplit: view.actions.includes("split"),
    canSurrender: false,
  });
  if (!(view.actions as string[]).includes(action))
    return handTotal(hand.cards).total >= 21 ? "stand" : "hit";
  return action;
}

export interface BotRound {
  /** Net result per unit of initial stake. */
  net: number;
  /** Every card the round dealt, the dealer's included. */
  cards: number[];
}

/** A whole round through the production path (node HMAC, seeds, mapping, settlement) played by the bot. */
export function botRound<P>(
  game: TableGame<P>,
  rules: BlackjackRules,
  params: P,
  stake: bigint,
  nonce: number,
): BotRound {
  const source = new FairRandom(nodeHmacSha256, {
    serverSeed: "blackjack-server-seed",
    clientSeed: "blackjack-client-seed",
    nonce,
  });
  let step = start(game, params, stake, source);
  let staked = 0n;
  let paid = 0n;
  const count = (s: TableStepOf) => {
    for (const op of s.ops) {
      if (op.kind === "debit") staked += op.amount;
      else paid += op.amount;
    }
  };
  count(step);
  for (let moves = 0; !step.closed; moves++) {
    if (moves > 50) throw new Error("the round does not end");
    step = act(game, step, botAction(rules, step), source);
    count(step);
  }
  const cards = [...step.state.dealer, ...step.state.seats.flatMap((s) => s.hands.flatMap((h) => h.cards))];
  return { net: Number(paid - staked) / Number(stake), cards };
}

export const exactNumber = (r: Rational) => Number(r.num) / Number(r.den);
