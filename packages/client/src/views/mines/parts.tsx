/** What Mines and Mines Mania share around the grid: the mine count, the figures, the moves, the rules' ladder. */
import { type MinesView, minesGame } from "@rgs/games/games/mines/game";
import { safeTiles } from "@rgs/games/games/mines/ladder";
import { useId } from "preact/hooks";
import { InstantPicks, PlayMode } from "../cashout/instant.tsx";
import { CashOutButton, CashOutFigures, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shownView } from "../cashout/round.ts";
import { LadderTable } from "../shared/ladder-table.tsx";
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
 * round's figures, or in instant mode what the picks pay.
 */
export function MinesControls(
  props: GameViewProps & {
    view: MinesLike | undefined;
    /** Offer instant mode (Mines). */
    instantMode?: boolean;
  },
) {
  const { t } = props;
  const choice = readMines(props.params);
  const id = useId();
  const open = isOpen(props.round);
  const setMines = (mines: number) =>
    props.setParams(choice.tiles ? { mines, tiles: choice.tiles.slice(0, safeTiles(mines)) } : { mines });
  return (
    <div class="mines-controls views-grid">
      {props.instantMode && (
        <PlayMode
          view={props}
          instant={choice.tiles !== undefined}
          onChange={(instant) =>
            props.setParams(instant ? { mines: choice.mines, tiles: [] } : { mines: choice.mines })
          }
        />
      )}
      <div class="views-field">
        <label class="views-label" for={id}>
          {t("games.mines.mines")}
        </label>
        <select
          id={id}
          class="views-input mines-select"
          value={String(open && props.view ? props.view.mines : choice.mines)}
          disabled={props.busy || open}
          onChange={(event) => setMines(Number(event.currentTarget.value))}
        >
          {MINE_COUNTS.map((count) => (
            <option key={count} value={String(count)}>
              {props.format.integer(count)}
            </option>
          ))}
        </select>
      </div>
      {choice.tiles && !open ? (
        <MinesInstant {...props} choice={{ mines: choice.mines, tiles: choice.tiles }} />
      ) : (
        <CashOutFigures view={props} state={panelState(props.view)} />
      )}
    </div>
  );
}

/** The moves of an open round: a random tile, and Cash out. */
export function MinesActions(props: GameViewProps & { view: MinesLike | undefined }) {
  const hidden = props.view ? ALL_TILES.filter((tile) => !props.view?.revealed.includes(tile)) : [];
  const open = isOpen(props.round);
  return (
    <CashOutButton view={props} state={panelState(props.view)}>
      <button
        type="button"
        class="cashout-step"
        data-testid="random-tile"
        disabled={!open || props.busy || hidden.length === 0}
        onClick={() => void props.act("reveal", { tile: randomOf(hidden) })}
      >
        {props.t("games.mines.randomTile")}
      </button>
    </CashOutButton>
  );
}

/** Instant mode before the bet: the picks, what they pay if every one is a gem, and its chance. */
function MinesInstant(props: GameViewProps & { choice: MinesChoice & { tiles: number[] } }) {
  const { choice } = props;
  const rtp = rtpOf(props.gameCode);
  const safe = safeTiles(choice.mines);
  const count = choice.tiles.length;
  const unpicked = ALL_TILES.filter((tile) => !choice.tiles.includes(tile));
  return (
    <InstantPicks
      view={props}
      game={minesGame}
      countText={props.t("games.mines.pickedCount", { count, safe })}
      rung={rtp && count > 0 ? minesLadder(rtp, choice.mines)[count - 1] : undefined}
      canPick={count < safe}
      empty={count === 0}
      onRandom={() => {
        const tile = randomOf(unpicked);
        if (tile !== undefined) props.setParams(togglePick(choice, tile));
      }}
      onClear={() => props.setParams({ mines: choice.mines, tiles: [] })}
    />
  );
}

/** The ladder of the chosen mine count: multiplier and chance per safe tile. */
export function MinesLadderTable(props: GameViewProps) {
  const { t } = props;
  const choice = readMines(props.params);
  const rtp = rtpOf(props.gameCode);
  if (!rtp) return null;
  return (
    <>
      <p>{t("games.mines.rules.table", { mines: choice.mines, safe: safeTiles(choice.mines) })}</p>
      <LadderTable
        view={props}
        stepLabel={t("games.mines.rules.gems")}
        rungs={minesLadder(rtp, choice.mines)}
      />
    </>
  );
}
