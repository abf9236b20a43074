/** Doctor Pump params ({difficulty}) and its ladder: one rung per safe pump. */
import {
  DIFFICULTIES,
  type Difficulty,
  maxPumps,
  multiplierAfter,
  probabilityOfPumps,
} from "@rgs/games/games/doctor_pump/paytable";
import { div, type Rational, toFixedDown, toFraction } from "@rgs/games/math/rational";
import { readDifficulty } from "../cashout/difficulty.tsx";
import { percentOf } from "../cashout/round.ts";

export const defaultParams = (_gameCode: string): { difficulty: Difficulty } => ({ difficulty: "medium" });

export const readPump = (params: unknown): Difficulty => readDifficulty(params, DIFFICULTIES, "medium");

export const PUMP_LEVEL_KEYS: Record<Difficulty, string> = {
  easy: "games.doctor_pump.level.easy",
  medium: "games.doctor_pump.level.medium",
  hard: "games.doctor_pump.level.hard",
  expert: "games.doctor_pump.level.expert",
};

export function pumpLadder(rtp: Rational, difficulty: Difficulty): { multiplier: string; chance: string }[] {
  return Array.from({ length: maxPumps(difficulty) }, (_, i) => ({
    multiplier: toFixedDown(multiplierAfter(i + 1, difficulty, rtp), 4),
    chance: percentOf(toFraction(probabilityOfPumps(i + 1, difficulty))),
  }));
}

/** The chance that the next pump is safe after `pumps` safe ones. */
export const nextPumpChance = (pumps: number, difficulty: Difficulty): string =>
  pumps >= maxPumps(difficulty)
    ? "-"
    : percentOf(
        toFraction(div(probabilityOfPumps(pumps + 1, difficulty), probabilityOfPumps(pumps, difficulty))),
      );
