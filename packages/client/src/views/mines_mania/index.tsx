/**
 * Mines Mania: the Mines board where a whole row or column can be revealed at once: every hidden tile of the
 * line turns together, and the multiplier jumps to the value of all the gems showing.
 */
import type { LineOffer, MinesManiaView } from "@rgs/games/games/mines_mania/game";
import { type LineKind, lineTiles } from "@rgs/games/games/mines_mania/ladder";
import { useState } from "preact/hooks";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { LossNote } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier } from "../cashout/round.ts";
import { MinesGrid } from "../mines/grid.tsx";
import { minesLadder, readMines } from "../mines/params.ts";
import { MinesActions, MinesControls, MinesLadderTable, minesRound } from "../mines/parts.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";

export { defaultParams } from "../mines/params.ts";

const LINE_ACTIONS: Record<LineKind, string> = { row: "reveal_row", column: "reveal_column" };

/** The button that reveals one row or column, with the multiplier it would reach; aiming at it outlines its tiles. */
function LineButton(props: {
  view: GameViewProps;
  kind: LineKind;
  index: number;
  offer: LineOffer | undefined;
  playable: boolean;
  onAim(tiles: number[] | undefined): void;
}) {
  const { t, format } = props.view;
  const { kind, index, offer } = props;
  const aim = () => props.onAim(lineTiles(kind, index));
  return (
    <button
      type="button"
      class={`mines-line mines-line-${kind}`}
      data-line={`${kind}-${index}`}
      disabled={!props.playable || !offer || props.view.busy}
      aria-label={t(kind === "row" ? "games.mines_mania.rowLabel" : "games.mines_mania.columnLabel", {
        index: index + 1,
        multiplier: offer ? format.multiplier(shortMultiplier(offer.multiplier)) : "-",
        chance: offer ? format.percent(percentOf(offer.safeChance)) : "-",
      })}
      onMouseEnter={aim}
      onFocus={aim}
      onMouseLeave={() => props.onAim(undefined)}
      onBlur={() => props.onAim(undefined)}
      onClick={() => void props.view.act(LINE_ACTIONS[kind], { [kind]: index })}
    >
      <span aria-hidden="true">{kind === "row" ? "←" : "↑"}</span>
      <small>{offer ? format.multiplier(shortMultiplier(offer.multiplier)) : ""}</small>
    </button>
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
        line={(kind, index) => (
          <LineButton
            key={`${kind}-${index}`}
            view={props}
            kind={kind}
            index={index}
            offer={offers.find((o) => o.kind === kind && o.index === index)}
            playable={open}
            onAim={setAim}
          />
        )}
      />
      <Ladder
        label={t("games.cashout.ladder")}
        format={props.format}
        multipliers={ladder}
        reached={view?.revealed.length ?? 0}
        failed={view?.status === "lost"}
      />
      {!view && <p class="cashout-hint">{t("games.mines_mania.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.mines.lost")} />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  return <MinesControls {...props} view={minesRound<MinesManiaView>(props)} />;
}

export function Actions(props: GameViewProps) {
  return <MinesActions {...props} view={minesRound<MinesManiaView>(props)} />;
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
