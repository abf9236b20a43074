/**
 * The coup as it is dealt: player, banker, player, banker, then the third cards the rules call for, each with
 * the rule that decided it (naturals, the player's 0-5 draw, the banker's table), so the player can follow why
 * a third card came or did not.
 */
import { bankerDraws, cardValue, playerDraws, rankOf, total } from "@rgs/games/games/baccarat/rules";

export type Side = "player" | "banker";

export interface DealStep {
  side: Side;
  /** Position in its hand (0-2). */
  index: number;
  card: number;
}

export interface DealNote {
  key: string;
  vars?: Record<string, number>;
}

export const DEAL_MS = 650;
export const NOTE_MS = 700;

/** The cards in the order they are dealt. */
export function dealOrder(player: readonly number[], banker: readonly number[]): DealStep[] {
  const steps: DealStep[] = [];
  for (let i = 0; i < 2; i++) {
    steps.push({ side: "player", index: i, card: player[i] as number });
    steps.push({ side: "banker", index: i, card: banker[i] as number });
  }
  if (player[2] !== undefined) steps.push({ side: "player", index: 2, card: player[2] });
  if (banker[2] !== undefined) steps.push({ side: "banker", index: 2, card: banker[2] });
  return steps;
}

/** Why the hand went on as it did after the first four cards, in order: one note for each hand's decision. */
export function dealNotes(player: readonly number[], banker: readonly number[]): DealNote[] {
  const p = total(player.slice(0, 2));
  const b = total(banker.slice(0, 2));
  if (p >= 8 || b >= 8) return [{ key: "games.baccarat.note.natural", vars: { total: Math.max(p, b) } }];
  const notes: DealNote[] = [];
  const third = player[2];
  notes.push(
    playerDraws(p)
      ? { key: "games.baccarat.note.playerDraws", vars: { total: p } }
      : { key: "games.baccarat.note.playerStands", vars: { total: p } },
  );
  const thirdValue = third === undefined ? undefined : cardValue(third);
  const draws = bankerDraws(b, thirdValue);
  if (thirdValue === undefined)
    notes.push({
      key: draws ? "games.baccarat.note.bankerDraws" : "games.baccarat.note.bankerStands",
      vars: { total: b },
    });
  else
    notes.push({
      key: draws ? "games.baccarat.note.bankerDrawsOn" : "games.baccarat.note.bankerStandsOn",
      vars: { total: b, card: thirdValue },
    });
  return notes;
}

export const dealDuration = (cards: number): number => cards * DEAL_MS + NOTE_MS;

/** Cards face up `elapsed` ms in. */
export const cardsShown = (elapsed: number, cards: number): number =>
  Math.max(0, Math.min(cards, Math.floor(elapsed / DEAL_MS) + 1));

/** Notes showing once `shown` cards are up: they come after the fourth card. */
export const notesShown = (shown: number, notes: number): number =>
  shown < 4 ? 0 : Math.min(notes, shown - 3);

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const SUITS = ["♠", "♥", "♦", "♣"] as const;

export const cardFace = (card: number) => ({
  rank: RANKS[rankOf(card)] as string,
  suit: SUITS[card % 4] as string,
  red: card % 4 === 1 || card % 4 === 2,
});

/** The hand's total counting only the cards dealt so far. */
export const totalSoFar = (cards: readonly number[]): number => total(cards);

/** The banker's rule: for each banker total 0-7, whether it draws when the player stood, then on each third card 0-9. */
export function bankerRuleTable(): { total: number; stood: boolean; onThird: boolean[] }[] {
  return Array.from({ length: 8 }, (_, bankerTotal) => ({
    total: bankerTotal,
    stood: bankerDraws(bankerTotal, undefined),
    onThird: Array.from({ length: 10 }, (_, third) => bankerDraws(bankerTotal, third)),
  }));
}
