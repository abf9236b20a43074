/** What Mines and Mines Mania share around the grid: the mine count, the panel, the rules' ladder table. */
import type { MinesView } from "@rgs/games/games/mines/game";
import { safeTiles } from "@rgs/games/games/mines/ladder";
import { useId } from "preact/hooks";
import { CashOutPanel, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shownView } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { MINE_COUNTS, minesLadder, readMines } from "./params.ts";

/** The fields of a Mines or Mines Mania view the shared parts read. */
export type MinesLike = Omit<
  Pick<
    MinesView,
    | "status"
    | "mines"
    | "revealed"
    | "hitMine"
    | "multiplier"
    | "multiplierExact"
    | "next"
    | "stake"
    | "payout"
    | "minePositions"
  >,
  "status"
> & { status: string; actions: readonly string[] };

/** The round on the board: the open one, or the last one while the mine count is unchanged. */
export function minesRound<V extends MinesLike>(props: GameViewProps): V | undefined {
  const choice = readMines(props.params);
  return shownView<V>(props.round, (view) => view.mines === choice.mines);
}

export function panelState(view: MinesLike | undefined): PanelState | undefined {
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.revealed.length > 0 ? view.multiplier : null,
      multiplierExact: view.revealed.length > 0 ? view.multiplierExact : null,
      next: view.next && { multiplier: view.next.multiplier, chance: percentOf(view.next.safeChance) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}

/** The mine count (locked while a round is open) and the cash-out panel. */
export function MinesControls(props: GameViewProps & { view: MinesLike | undefined }) {
  const { t } = props;
  const choice = readMines(props.params);
  const id = useId();
  const open = isOpen(props.round);
  const hidden = props.view
    ? Array.from({ length: 25 }, (_, i) => i).filter((tile) => !props.view?.revealed.includes(tile))
    : [];
  return (
    <div class="mines-controls views-grid">
      <div class="views-field">
        <label class="views-label" for={id}>
          {t("games.mines.mines")}
        </label>
        <select
          id={id}
          class="mines-select"
          value={String(open && props.view ? props.view.mines : choice.mines)}
          disabled={props.busy || open}
          onChange={(event) => props.setParams({ mines: Number(event.currentTarget.value) })}
        >
          {MINE_COUNTS.map((count) => (
            <option key={count} value={String(count)}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <CashOutPanel view={props} state={panelState(props.view)}>
        <button
          type="button"
          class="cashout-step"
          data-testid="random-tile"
          disabled={!open || props.busy || hidden.length === 0}
          onClick={() =>
            void props.act("reveal", { tile: hidden[Math.floor(Math.random() * hidden.length)] })
          }
        >
          {t("games.mines.randomTile")}
        </button>
      </CashOutPanel>
    </div>
  );
}

/** The ladder of the chosen mine count: multiplier and chance per safe tile. */
export function MinesLadderTable(props: GameViewProps) {
  const { t } = props;
  const choice = readMines(props.params);
  const rtp = rtpOf(props.gameCode);
  if (!rtp) return null;
  const rungs = minesLadder(rtp, choice.mines);
  return (
    <>
      <p>{t("games.mines.rules.table", { mines: choice.mines, safe: safeTiles(choice.mines) })}</p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.mines.rules.gems")}</th>
            <th scope="col">{t("games.common.multiplier")}</th>
            <th scope="col">{t("games.common.chance")}</th>
          </tr>
        </thead>
        <tbody>
          {rungs.map((rung, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{rung.multiplier}×</td>
              <td>{rung.chance}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
