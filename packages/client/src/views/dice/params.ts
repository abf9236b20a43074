/** Dice params as the server takes them ({condition, target: "50.50"}), read back into hundredths for the controls. */
import { type Condition, multiplierFor, targetRange, winningOutcomes } from "@rgs/games/games/dice/paytable";
import { formatHundredths, parseFixed } from "@rgs/games/games/params";
import { type Rational, toFixedDown } from "@rgs/games/math/rational";

export interface DiceChoice {
  condition: Condition;
  /** Hundredths: 5050 is 50.50. */
  target: number;
}

export const DEFAULT_CHOICE: DiceChoice = { condition: "over", target: 5050 };

export const toParams = (choice: DiceChoice) => ({
  condition: choice.condition,
  target: formatHundredths(choice.target, 2),
});

export const defaultParams = (_gameCode: string) => toParams(DEFAULT_CHOICE);

/** The choice behind params, the default for anything unreadable; the target is clamped into its condition's range. */
export function readChoice(params: unknown): DiceChoice {
  const record = (params ?? {}) as { condition?: unknown; target?: unknown };
  const condition = record.condition === "under" ? "under" : record.condition === "over" ? "over" : undefined;
  const target = parseFixed(record.target, 2, 2);
  if (!condition || target === undefined) return DEFAULT_CHOICE;
  return { condition, target: clampTarget(condition, target) };
}

export function clampTarget(condition: Condition, target: number): number {
  const { min, max } = targetRange(condition);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Switching over/under keeps the win chance: "over t" and "under 99.99 - t" win on as many rolls. */
export function flip(choice: DiceChoice): DiceChoice {
  const condition: Condition = choice.condition === "over" ? "under" : "over";
  return { condition, target: clampTarget(condition, 9999 - choice.target) };
}

export interface DiceFigures {
  /** Percent, "49.49". */
  winChance: string;
  /** Rounded down to 4 decimals, as the round's view shows it. */
  multiplier: string;
}

export function figuresOf(choice: DiceChoice, rtp: Rational): DiceFigures {
  return {
    winChance: formatHundredths(winningOutcomes(choice.condition, choice.target)),
    multiplier: toFixedDown(multiplierFor(choice.condition, choice.target, rtp), 4),
  };
}

/** Win chances shown in the rules, in hundredths of a percent, with the "under" target that gives each. */
export const RULE_CHANCES = [9800, 9000, 7500, 5000, 2500, 1000, 100, 1] as const;

export function ruleRows(rtp: Rational): { winChance: string; multiplier: string }[] {
  return RULE_CHANCES.map((chance) => figuresOf({ condition: "under", target: chance }, rtp));
}
