/**
 * The stake of the next bet: the amount field (typed in the player's language), or for games whose params
 * carry the bets their total; checked against the session's limits and, for single-round games, the largest
 * payout against the maximum win, as the server will check it.
 */
import { useState } from "preact/hooks";
import { inputText } from "../../i18n/format.ts";
import type { GameViewModule, Limits } from "../../views/types.ts";
import { type AmountCheck, applyPreset, checkAmount, checkStake, type Preset } from "../bet-amount.ts";

export interface BetAmount {
  /** What the amount field shows. */
  text: string;
  setText(text: string): void;
  /** The amount field set to an amount (a preset, autobet's next bet). */
  setMinor(minor: bigint): void;
  preset(preset: Preset): void;
  check: AmountCheck;
  /** The stake is the bets on the table, not the amount field. */
  fromParams: boolean;
}

export function useBetAmount(options: {
  view: Pick<GameViewModule, "stakeFromParams" | "maxPayout">;
  gameCode: string;
  params: unknown;
  locale: string;
  decimals: number;
  limits: Limits;
}): BetAmount {
  const { view, locale, decimals, limits } = options;
  const [text, setText] = useState(() => inputText(limits.minBet, decimals, locale));
  const largest = view.maxPayout
    ? (stake: bigint) => view.maxPayout?.(options.gameCode, options.params, stake, decimals)
    : undefined;
  const check = view.stakeFromParams
    ? checkStake(view.stakeFromParams(options.params, decimals), limits, largest)
    : checkAmount(text, locale, decimals, limits, largest);
  const setMinor = (minor: bigint) => setText(inputText(minor, decimals, locale));
  return {
    text,
    setText,
    setMinor,
    preset: (preset) => setMinor(applyPreset(check.minor, preset, limits)),
    check,
    fromParams: view.stakeFromParams !== undefined,
  };
}
