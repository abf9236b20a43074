/**
 * What the blackjack views compute without rendering: the multi-seat params (`{seats:[{bet, perfectPairs?,
 * threeCardPoker?}]}`, decimal amounts as the server takes them) and their stake, the keyboard shortcuts, the
 * strategy hint from the published basic strategy, and card faces.
 */
import { cardValue, rankOf, suitOf } from "@rgs/games/games/blackjack/cards";
import {
  BLACKJACK_MULTI_RULES,
  BLACKJACK_RULES,
  type BlackjackRules,
} from "@rgs/games/games/blackjack/rules";
import { strategyAction } from "@rgs/games/games/blackjack/strategy";
import type { HandView, TableAction, TableView } from "@rgs/games/games/blackjack/table";
import { decimalOf, minorOf, scaleAmounts } from "../shared/money.ts";

export const MAX_SEATS = 5;

export interface SeatParams {
  bet: string;
  perfectPairs?: string;
  threeCardPoker?: string;
}

export const isMulti = (gameCode: string) => gameCode.startsWith("blackjack_multi-");
export const rulesOf = (gameCode: string): BlackjackRules =>
  isMulti(gameCode) ? BLACKJACK_MULTI_RULES : BLACKJACK_RULES;

export function readSeats(params: unknown): SeatParams[] {
  const seats = (params as { seats?: unknown } | null)?.seats;
  if (!Array.isArray(seats)) return [];
  return seats.slice(0, MAX_SEATS).map((seat) => {
    const s = (typeof seat === "object" && seat !== null ? seat : {}) as Record<string, unknown>;
    const read: SeatParams = { bet: typeof s.bet === "string" ? s.bet : "" };
    if (typeof s.perfectPairs === "string" && s.perfectPairs !== "") read.perfectPairs = s.perfectPairs;
    if (typeof s.threeCardPoker === "string" && s.threeCardPoker !== "")
      read.threeCardPoker = s.threeCardPoker;
    return read;
  });
}

const amountsOf = (seat: SeatParams): string[] =>
  [seat.bet, seat.perfectPairs, seat.threeCardPoker].filter((a): a is string => a !== undefined);

/** The stake of multi-seat params, or undefined when a seat has no valid bet or a side bet is not an amount. */
export function seatsStake(params: unknown, decimals: number): bigint | undefined {
  const seats = readSeats(params);
  if (seats.length === 0) return undefined;
  let total = 0n;
  for (const seat of seats) {
    for (const amount of amountsOf(seat)) {
      const minor = minorOf(amount, decimals);
      if (minor === undefined) return undefined;
      total += minor;
    }
  }
  return total;
}

/** Multi-seat params scaled to stake about `stake` (autobet's increase), every bet kept on the table. */
export function scaleSeats(params: unknown, stake: bigint, decimals: number): { seats: SeatParams[] } {
  const seats = readSeats(params);
  const from = seatsStake(params, decimals) ?? 0n;
  return {
    seats: seats.map((seat) => {
      const scale = (amount: string | undefined) => {
        const minor = amount === undefined ? undefined : minorOf(amount, decimals);
        return minor === undefined
          ? undefined
          : decimalOf(scaleAmounts([minor], from, stake)[0] ?? minor, decimals);
      };
      const next: SeatParams = { bet: scale(seat.bet) ?? seat.bet };
      const pp = scale(seat.perfectPairs);
      const tcp = scale(seat.threeCardPoker);
      if (pp) next.perfectPairs = pp;
      if (tcp) next.threeCardPoker = tcp;
      return next;
    }),
  };
}

/** Keyboard shortcuts: a letter per action, shown on its button. */
export const SHORTCUTS: Record<TableAction["action"], string> = {
  hit: "h",
  stand: "s",
  double: "d",
  split: "p",
  insurance: "i",
  decline_insurance: "n",
};

/** The legal action a key press asks for, if any. */
export function actionForKey(
  key: string,
  legal: readonly TableAction["action"][],
): TableAction["action"] | undefined {
  const pressed = key.toLowerCase();
  return legal.find((action) => SHORTCUTS[action] === pressed);
}

/** The hand in play, when the round waits for a decision on one. */
export function activeHand(view: TableView): HandView | undefined {
  if (!view.active || view.phase !== "playing") return undefined;
  return view.seats[view.active.seat]?.hands[view.active.hand];
}

/** The published basic strategy's advice for the decision on show (insurance: always decline). */
export function strategyHint(gameCode: string, view: TableView): TableAction["action"] | undefined {
  if (view.actions.length === 0) return undefined;
  if (view.phase === "insurance") return "decline_insurance";
  const hand = activeHand(view);
  const up = view.dealer.cards[0];
  if (!hand || !up) return undefined;
  const advice = strategyAction(rulesOf(gameCode), {
    values: hand.cards.map((c) => cardValue(c.card)),
    up: cardValue(up.card),
    canDouble: view.actions.includes("double"),
    canSplit: view.actions.includes("split"),
    canSurrender: false,
  });
  if ((view.actions as string[]).includes(advice)) return advice as TableAction["action"];
  return view.actions.includes("stand") ? "stand" : view.actions[0];
}

const SUIT_SYMBOLS = ["♠", "♥", "♣", "♦"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export function cardFace(card: number): { rank: string; suit: string; red: boolean } {
  const suit = suitOf(card);
  return { rank: RANKS[rankOf(card)] ?? "?", suit: SUIT_SYMBOLS[suit] ?? "?", red: suit === 1 || suit === 3 };
}

/** Cards on the table in the order they were dealt so far (for the deal animation's delays). */
export function cardCount(view: TableView): number {
  return (
    view.dealer.cards.length +
    view.seats.reduce((n, s) => n + s.hands.reduce((m, h) => m + h.cards.length, 0), 0)
  );
}
