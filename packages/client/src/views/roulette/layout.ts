/**
 * The betting layout in grid units: zero on the left (x 0-1, rows 0-3), the numbers in 12 columns of 3
 * (top row 3, 6 ... 36), the column bets at x 13, dozens on row 3, even-money bets on row 4. Every legal bet
 * of the games package's LAYOUT gets exactly one spot: a cell for straight and outside bets, the shared edge
 * or corner of its numbers for splits, streets, corners, six lines, trios and the first four.
 */
import { type BetKind, LAYOUT, type LayoutBet, RED } from "@rgs/games/games/roulette/paytable";

export const WIDTH = 14;
export const HEIGHT = 5;

export interface Spot {
  bet: LayoutBet;
  /** A cell (straight and outside bets) or a point on an edge or corner (the other inside bets). */
  shape: "cell" | "point";
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Column (0-11) and row (0 top: 3, 6 ... 36; 2 bottom: 1, 4 ... 34) of number 1-36. */
export const cellOf = (n: number) => ({ column: Math.ceil(n / 3) - 1, row: 2 - ((n - 1) % 3) });

const cell = (bet: LayoutBet, x: number, y: number, w: number, h: number): Spot => ({
  bet,
  shape: "cell",
  x,
  y,
  w,
  h,
});
const point = (bet: LayoutBet, x: number, y: number): Spot => ({ bet, shape: "point", x, y, w: 0, h: 0 });

const EVEN_MONEY: readonly BetKind[] = ["low", "even", "red", "black", "odd", "high"];

function spotOf(bet: LayoutBet): Spot {
  const [first = 0] = bet.numbers;
  const { column, row } = cellOf(Math.max(1, first));
  switch (bet.kind) {
    case "straight":
      return first === 0 ? cell(bet, 0, 0, 1, 3) : cell(bet, 1 + column, row, 1, 1);
    case "column":
      return cell(bet, 13, 3 - (bet.index ?? 1), 1, 1);
    case "dozen":
      return cell(bet, 1 + 4 * ((bet.index ?? 1) - 1), 3, 4, 1);
    case "split": {
      const [a = 0, b = 0] = bet.numbers;
      if (a === 0) return point(bet, 1, cellOf(b).row + 0.5);
      return b === a + 3 ? point(bet, 2 + column, row + 0.5) : point(bet, 1.5 + column, row);
    }
    case "street":
      return point(bet, 1.5 + column, 3);
    case "corner":
      return point(bet, 2 + column, row);
    case "six_line":
      return point(bet, 2 + column, 3);
    case "trio":
      return point(bet, 1, bet.numbers.includes(1) ? 2 : 1);
    case "first_four":
      return point(bet, 1, 3);
    default:
      return cell(bet, 1 + 2 * EVEN_MONEY.indexOf(bet.kind), 4, 2, 1);
  }
}

/** Every bet's spot, point spots last so that they are drawn (and clicked) above the cells. */
export const SPOTS: readonly Spot[] = [
  ...LAYOUT.map(spotOf).filter((s) => s.shape === "cell"),
  ...LAYOUT.map(spotOf).filter((s) => s.shape === "point"),
];

/** The centre of a spot, where its chips are drawn. */
export const centreOf = (box: { x: number; y: number; w: number; h: number }) => ({
  x: box.x + box.w / 2,
  y: box.y + box.h / 2,
});

export const colourOf = (n: number): "green" | "red" | "black" =>
  n === 0 ? "green" : RED.has(n) ? "red" : "black";

/** The European wheel's pockets clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;
