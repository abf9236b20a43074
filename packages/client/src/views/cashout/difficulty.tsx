/** The controls of the cash-out games played at a difficulty: the level (locked while a round is open) and the figures. */
import { Choice } from "../shared/controls.tsx";
import type { GameViewProps } from "../types.ts";
import { CashOutFigures, type PanelState } from "./panel.tsx";
import { isOpen } from "./round.ts";

/** The difficulty in `params`, or the fallback when it is not one of `levels`. */
export function readDifficulty<D extends string>(params: unknown, levels: readonly D[], fallback: D): D {
  const difficulty = (params as { difficulty?: unknown } | null)?.difficulty;
  return levels.find((level) => level === difficulty) ?? fallback;
}

export function DifficultyControls<D extends string>(props: {
  view: GameViewProps;
  levels: readonly D[];
  labels: Record<D, string>;
  /** The difficulty chosen for the next round. */
  chosen: D;
  /** The open round's difficulty, shown while it runs. */
  playing: D | undefined;
  state: PanelState | undefined;
}) {
  const { t, busy, round } = props.view;
  const open = isOpen(round);
  return (
    <div class="views-grid">
      <Choice
        label={t("games.cashout.difficulty")}
        value={open && props.playing ? props.playing : props.chosen}
        options={props.levels.map((level) => ({ value: level, label: t(props.labels[level]) }))}
        disabled={busy || open}
        onChange={(difficulty) => props.view.setParams({ difficulty })}
      />
      <CashOutFigures view={props.view} state={props.state} />
    </div>
  );
}

/** The panel of the games whose view names the multipliers `multiplier`/`nextMultiplier` (null before the first step). */
export function simplePanel(
  view:
    | {
        status: string;
        stake: string;
        multiplier: string | null;
        multiplierExact: string | null;
        nextMultiplier?: string | null;
        actions: readonly string[];
        payout: string | null;
      }
    | undefined,
  nextChance: string | undefined,
): PanelState | undefined {
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.multiplier,
      multiplierExact: view.multiplierExact,
      next:
        view.nextMultiplier === null || view.nextMultiplier === undefined
          ? null
          : { multiplier: view.nextMultiplier, ...(nextChance !== undefined && { chance: nextChance }) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}
