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

export interface BetContext {
  view: Pick<GameViewModule, "stakeFromParams" | "maxPayout">;
  gameCode: string;
  locale: string;
  decimals: number;
  limits: Limits;
}

/** What the amount field shows before the player types: the session's minimum bet. */
export const firstAmountText = (context: BetContext): string =>
  inputText(context.limits.minBet, context.decimals, context.locale);

/** The next bet of `params` with the amount field's `text`, checked as the server will check it. */
export function checkBet(context: BetContext, params: unknown, text: string): AmountCheck {
  const { view, decimals, limits } = context;
  const largest = view.maxPayout
    ? (stake: bigint) => view.maxPayout?.(context.gameCode, params, stake, decimals)
    : undefined;
  return view.stakeFromParams
    ? checkStake(view.stakeFromParams(params, decimals), limits, largest)
    : checkAmount(text, context.locale, decimals, limits, largest);
}

export function useBetAmount(context: BetContext & { params: unknown }): BetAmount {
  const [text, setText] = useState(() => firstAmountText(context));
  const check = checkBet(context, context.params, text);
  const setMinor = (minor: bigint) => setText(inputText(minor, context.decimals, context.locale));
  return {
    text,
    setText,
    setMinor,
    preset: (preset) => setMinor(applyPreset(check.minor, preset, context.limits)),
    check,
    fromParams: context.view.stakeFromParams !== undefined,
  };
}
