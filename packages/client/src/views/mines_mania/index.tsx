/**
 * Mines Mania: the Mines board where a whole row or column can be revealed at once: every hidden tile of the
 * line turns together, and the multiplier jumps to the value of all the gems showing.
 */
import type { LineOffer, MinesManiaView } from "@rgs/games/games/mines_mania/game";
import { GRID_SIZE, type LineKind, lineTiles } from "@rgs/games/games/mines_mania/ladder";
import { useState } from "preact/hooks";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { Outcome } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier } from "../cashout/round.ts";
import { MinesGrid } from "../mines/grid.tsx";
import { minesLadder, readMines } from "../mines/params.ts";
import { MinesControls, MinesLadderTable, minesRound } from "../mines/parts.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";

export { defaultParams } from "../mines/params.ts";

const LINE_ACTIONS: Record<LineKind, string> = { row: "reveal_row", column: "reveal_column" };

function LineButtons(props: {
  view: GameViewProps;
  kind: LineKind;
  offers: readonly LineOffer[];
  playable: boolean;
  onAim(tiles: number[] | undefined): void;
}) {
  const { t } = props.view;
  return (
    <div class="views-field">
      <span class="views-label">
        {t(props.kind === "row" ? "games.mines_mania.revealRow" : "games.mines_mania.revealColumn")}
      </span>
      <div class="mines-lines">
        {Array.from({ length: GRID_SIZE }, (_, index) => {
          const offer = props.offers.find((o) => o.kind === props.kind && o.index === index);
          const aim = () => props.onAim(lineTiles(props.kind, index));
          return (
            <button
              key={index}
              type="button"
              class="mines-line"
              data-line={`${props.kind}-${index}`}
              disabled={!props.playable || !offer || props.view.busy}
              aria-label={t(
                props.kind === "row" ? "games.mines_mania.rowLabel" : "games.mines_mania.columnLabel",
                {
                  index: index + 1,
                  multiplier: offer ? shortMultiplier(offer.multiplier) : "-",
                  chance: offer ? percentOf(offer.safeChance) : "-",
                },
              )}
              onMouseEnter={aim}
              onFocus={aim}
              onMouseLeave={() => props.onAim(undefined)}
              onBlur={() => props.onAim(undefined)}
              onClick={() => void props.view.act(LINE_ACTIONS[props.kind], { [props.kind]: index })}
            >
              {props.kind === "row" ? "↔" : "↕"} {index + 1}
              <small>{offer ? `${shortMultiplier(offer.multiplier)}×` : "-"}</small>
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = minesRound<MinesManiaView>(props);
  const open = isOpen(props.round) && view !== undefined;
  const [aim, setAim] = useState<number[] | undefined>(undefined);
  const rtp = rtpOf(props.gameCode);
  const mines = view?.mines ?? readMines(props.params).mines;
  const ladder = rtp ? minesLadder(rtp, mines).map((rung) => shortMultiplier(rung.multiplier)) : [];
  const offers = open ? (view?.lines ?? []) : [];
  return (
    <CashOutBoard view={props} class="mines-board mines_mania-board" label={t("games.mines_mania.board")}>
      <MinesGrid
        t={t}
        state={view}
        playable={open}
        busy={props.busy}
        highlight={open ? aim : undefined}
        onReveal={(tile) => void props.act("reveal", { tile })}
      />
      <div class="mines_mania-lines">
        <LineButtons view={props} kind="row" offers={offers} playable={open} onAim={setAim} />
        <LineButtons view={props} kind="column" offers={offers} playable={open} onAim={setAim} />
      </div>
      <Ladder
        label={t("games.cashout.ladder")}
        multipliers={ladder}
        reached={view?.revealed.length ?? 0}
        failed={view?.status === "lost"}
      />
      {!view && <p class="cashout-hint">{t("games.mines_mania.hint")}</p>}
      <Outcome
        t={t}
        formatAmount={props.formatAmount}
        status={view?.status}
        payout={view?.payout}
        multiplier={view?.multiplier}
        lossText={t("games.mines.lost")}
      />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  return <MinesControls {...props} view={minesRound<MinesManiaView>(props)} />;
}

export function Rules(props: GameViewProps) {
  return (
    <div class="views-rules mines-rules">
      <p>{props.t("games.mines_mania.rules.intro")}</p>
      <p>{props.t("games.mines_mania.rules.lines")}</p>
      <MinesLadderTable {...props} />
    </div>
  );
}
