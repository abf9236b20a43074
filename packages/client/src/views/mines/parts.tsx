/** What Mines and Mines Mania share around the grid: the mine count, the panel, the rules' ladder table. */
import { type MinesView, minesGame } from "@rgs/games/games/mines/game";
import { safeTiles } from "@rgs/games/games/mines/ladder";
import { useId } from "preact/hooks";
import { CashOutPanel, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { Choice, Stat } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { MINE_COUNTS, type MinesChoice, minesLadder, readMines, togglePick } from "./params.ts";

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

const ALL_TILES = Array.from({ length: 25 }, (_, i) => i);
const randomOf = (tiles: readonly number[]): number | undefined =>
  tiles[Math.floor(Math.random() * tiles.length)];

/**
 * The mine count and, when offered, the way tiles are revealed (locked while a round is open); then the
 * cash-out panel, or in instant mode what the picks pay.
 */
export function MinesControls(
  props: GameViewProps & {
    view: MinesLike | undefined /** Offer instant mode (Mines). */;
    instantMode?: boolean;
  },
) {
  const { t } = props;
  const choice = readMines(props.params);
  const id = useId();
  const open = isOpen(props.round);
  const hidden = props.view ? ALL_TILES.filter((tile) => !props.view?.revealed.includes(tile)) : [];
  const setMines = (mines: number) =>
    props.setParams(choice.tiles ? { mines, tiles: choice.tiles.slice(0, safeTiles(mines)) } : { mines });
  return (
    <div class="mines-controls views-grid">
      {props.instantMode && (
        <Choice
          label={t("games.cashout.mode")}
          value={choice.tiles ? "instant" : "steps"}
          options={[
            { value: "steps", label: t("games.cashout.mode.steps") },
            { value: "instant", label: t("games.cashout.mode.instant") },
          ]}
          disabled={props.busy || open}
          onChange={(mode) =>
            props.setParams(mode === "instant" ? { mines: choice.mines, tiles: [] } : { mines: choice.mines })
          }
        />
      )}
      <div class="views-field">
        <label class="views-label" for={id}>
          {t("games.mines.mines")}
        </label>
        <select
          id={id}
          class="mines-select"
          value={String(open && props.view ? props.view.mines : choice.mines)}
          disabled={props.busy || open}
          onChange={(event) => setMines(Number(event.currentTarget.value))}
        >
          {MINE_COUNTS.map((count) => (
            <option key={count} value={String(count)}>
              {count}
            </option>
          ))}
        </select>
      </div>
      {choice.tiles && !open ? (
        <InstantPicks {...props} choice={{ mines: choice.mines, tiles: choice.tiles }} />
      ) : (
        <CashOutPanel view={props} state={panelState(props.view)}>
          <button
            type="button"
            class="cashout-step"
            data-testid="random-tile"
            disabled={!open || props.busy || hidden.length === 0}
            onClick={() => void props.act("reveal", { tile: randomOf(hidden) })}
          >
            {t("games.mines.randomTile")}
          </button>
        </CashOutPanel>
      )}
    </div>
  );
}

/** Instant mode before the bet: the picks, what they pay if every one is a gem, and its chance. */
function InstantPicks(props: GameViewProps & { choice: MinesChoice & { tiles: number[] } }) {
  const { t, choice } = props;
  const rtp = rtpOf(props.gameCode);
  const safe = safeTiles(choice.mines);
  const count = choice.tiles.length;
  const rung = rtp && count > 0 ? minesLadder(rtp, choice.mines)[count - 1] : undefined;
  const unpicked = ALL_TILES.filter((tile) => !choice.tiles.includes(tile));
  return (
    <div class="cashout-panel mines-instant">
      <div class="cashout-figures">
        <Stat label={t("games.cashout.picked")}>
          <span data-testid="picked-count">{t("games.mines.pickedCount", { count, safe })}</span>
        </Stat>
        <Stat label={t("games.cashout.ifAllSafe")}>
          {rung
            ? t("games.cashout.nextWithChance", {
                multiplier: shortMultiplier(rung.multiplier),
                chance: rung.chance,
              })
            : "-"}
        </Stat>
      </div>
      <PayoutStat game={minesGame} view={props} kind="onWin" />
      <div class="mines-instant-actions">
        <button
          type="button"
          class="cashout-step"
          data-testid="random-tile"
          disabled={props.busy || count >= safe}
          onClick={() => {
            const tile = randomOf(unpicked);
            if (tile !== undefined) props.setParams(togglePick(choice, tile));
          }}
        >
          {t("games.cashout.randomPick")}
        </button>
        <button
          type="button"
          class="cashout-step"
          data-testid="clear-picks"
          disabled={props.busy || count === 0}
          onClick={() => props.setParams({ mines: choice.mines, tiles: [] })}
        >
          {t("games.cashout.clearPicks")}
        </button>
      </div>
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
