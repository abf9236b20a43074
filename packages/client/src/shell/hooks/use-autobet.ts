/**
 * Autobet: plays rounds one after another with the rules of autobet.ts (count, stops, on win / on loss),
 * waiting for each payout to be booked before the next bet; any error, a round left open, or the player's
 * Stop ends it. Games whose params carry the bets raise or reset those bets from the layout autobet began with.
 */
import { useRef, useState } from "preact/hooks";
import type { Translate } from "../../i18n/index.ts";
import type { GameViewModule, Limits } from "../../views/types.ts";
import { type AutobetProgress, type AutobetSettings, afterRound, startAutobet } from "../autobet.ts";
import type { Notices } from "./use-notice.ts";
import type { PlayOutcome } from "./use-round-flow.ts";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AutobetRun {
  progress: AutobetProgress | null;
  start(settings: AutobetSettings, first: { amount: bigint; params: unknown }): Promise<void>;
  stop(): void;
}

export function useAutobet(options: {
  t: Translate;
  view: Pick<GameViewModule, "stakeFromParams" | "scaleStake">;
  decimals: number;
  limits: Limits;
  notices: Notices;
  /** Plays one bet; undefined when it did not happen. */
  play(amount: bigint, params: unknown): Promise<PlayOutcome | undefined>;
  /** The params of the next bet as the player has them now. */
  params(): unknown;
  setParams(params: unknown): void;
  /** The amount field follows the amount autobet plays. */
  setAmount(minor: bigint): void;
  /** Animations on: a short pause between rounds so each result can be seen. */
  motion: boolean;
}): AutobetRun {
  const [progress, setProgress] = useState<AutobetProgress | null>(null);
  const stopping = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const start = async (settings: AutobetSettings, first: { amount: bigint; params: unknown }) => {
    const { view, decimals } = latest.current;
    stopping.current = false;
    let state = startAutobet(first.amount);
    const baseParams = first.params;
    let roundParams = baseParams;
    let roundAmount = state.amount;
    setProgress(state);
    while (!stopping.current) {
      const outcome = await latest.current.play(roundAmount, roundParams);
      if (!outcome || outcome.open) break;
      // The next bet waits for a payout still being booked: the server takes one round at a time.
      await outcome.settled;
      const next = afterRound(settings, state, outcome, latest.current.limits);
      state = next.progress;
      setProgress(state);
      if (view.stakeFromParams) {
        roundParams =
          state.amount === state.baseAmount || !view.scaleStake
            ? baseParams
            : view.scaleStake(baseParams, state.amount, decimals);
        roundAmount = view.stakeFromParams(roundParams, decimals) ?? state.amount;
        latest.current.setParams(roundParams);
      } else {
        roundAmount = state.amount;
        roundParams = latest.current.params();
        latest.current.setAmount(state.amount);
      }
      if (next.stop) {
        latest.current.notices.show({
          text: latest.current.t(`shell.autobet.stopped.${next.stop}`, { count: state.played }),
          tone: "info",
        });
        break;
      }
      await sleep(latest.current.motion ? 250 : 60);
    }
    setProgress(null);
  };

  return {
    progress,
    start,
    stop: () => {
      stopping.current = true;
    },
  };
}
