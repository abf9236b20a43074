/**
 * War: chips on the main bet and the Tie and Coloured Tie side bets; one card each, turned in order. On a tie the
 * board offers the decision: go to war (its cost shown; refused when it could pay more than the maximum win) or
 * surrender (what it returns shown). The cards flip in when animations are on; a click skips.
 */

import { percent } from "@rgs/games/analysis/report";
import { idealFirstDeal } from "@rgs/games/games/war/analysis";
import type { WarView } from "@rgs/games/games/war/game";
import { SIDE_PAYS, type SideBet } from "@rgs/games/games/war/rules";
import { mul, toFixedDown } from "@rgs/games/math/rational";
import { BoardFrame } from "../shared/board.tsx";
import { ChipFace, ChipPicker, useChip } from "../shared/chips.tsx";
import { minorOf } from "../shared/money.ts";
import { useHoldToRemove } from "../shared/touch.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { addChip, cardFace, clearBet, readBets, WAR_BETS, type WarBet } from "./bets.ts";
import "./war.css";

export { defaultParams, stakeFromParams } from "./bets.ts";

const CARD_MS = 350;

const BET_NAMES: Record<WarBet, string> = {
  main: "games.war.bet.main",
  tie: "games.war.bet.tie",
  coloured_tie: "games.war.bet.coloured_tie",
};

const STATUS: Record<string, string> = {
  tie: "games.war.status.tie",
  won: "games.war.status.won",
  lost: "games.war.status.lost",
  surrendered: "games.war.status.surrendered",
  war_won: "games.war.status.war_won",
  war_lost: "games.war.status.war_lost",
  wars_exhausted: "games.war.status.wars_exhausted",
  abandoned: "games.war.status.abandoned",
};

function Card(props: { t: GameViewProps["t"]; card: number | undefined }) {
  if (props.card === undefined)
    return <span class="war-card war-card-back" role="img" aria-label={props.t("games.war.cardBack")} />;
  const face = cardFace(props.card);
  return (
    <span
      class={`war-card${face.red ? " war-card-red" : ""}`}
      role="img"
      aria-label={`${face.rank}${face.suit}`}
    >
      <span class="war-rank">{face.rank}</span>
      <span class="war-suit">{face.suit}</span>
    </span>
  );
}

const warView = (props: GameViewProps): WarView | undefined => {
  const view = props.round?.view as WarView | undefined;
  return view && Array.isArray(view.deals) ? view : undefined;
};

export function Board(props: GameViewProps) {
  const { t, currency } = props;
  const view = warView(props);
  const cards = view ? view.deals.flatMap((d) => [d.player.card, d.dealer.card]) : [];
  const reveal = useReveal(props, view ? cards.length * CARD_MS : 0);
  const shown = reveal.done ? cards.length : Math.min(cards.length, Math.floor(reveal.elapsed / CARD_MS) + 1);
  const bets = readBets(props.params);
  const [chip] = useChip(props);
  const open = props.round?.status === "open";
  const handlers = useHoldToRemove(props.busy || open);
  const status = view && reveal.done ? t(STATUS[view.status] ?? "games.war.status.tie") : undefined;
  return (
    <BoardFrame
      reveal={reveal}
      class="war-board"
      label={t("games.war.board")}
      {...(status && { result: status })}
    >
      <div class="war-table">
        {(["player", "dealer"] as const).map((side, s) => (
          <div key={side} class="war-side">
            <span class="war-side-name">
              {t(side === "player" ? "games.war.player" : "games.war.dealer")}
            </span>
            <div class="war-cards">
              {(view?.deals ?? [{}]).map((_, i) => {
                const index = i * 2 + s;
                return <Card key={i} t={t} card={index < shown ? cards[index] : undefined} />;
              })}
            </div>
          </div>
        ))}
      </div>
      <div class="war-bets">
        {WAR_BETS.map((bet) => {
          const amount = minorOf(bets[bet], currency.decimals);
          return (
            <div key={bet} class="war-bet">
              <button
                type="button"
                class="war-spot"
                data-bet={bet}
                disabled={props.busy || open}
                aria-label={
                  amount === undefined
                    ? t(BET_NAMES[bet])
                    : `${t(BET_NAMES[bet])}, ${t("games.war.onBet", { amount: props.format.amount(amount) })}`
                }
                {...handlers(
                  () => props.setParams(addChip(bets, bet, chip, currency.decimals)),
                  () => props.setParams(clearBet(bets, bet)),
                )}
              >
                <span>{t(BET_NAMES[bet])}</span>
                {bet !== "main" && (
                  <small class="war-pays">
                    {t("games.war.rules.pays", {
                      multiplier: props.format.multiplier(toFixedDown(SIDE_PAYS[bet], 0)),
                    })}
                  </small>
                )}
                {amount !== undefined && (
                  <span class="war-stake">
                    <ChipFace minor={amount} decimals={currency.decimals} locale={props.format.locale} />
                    <span class="war-amount">{props.format.amount(amount)}</span>
                  </span>
                )}
              </button>
              {amount !== undefined && (
                <button
                  type="button"
                  class="views-choice-option"
                  disabled={props.busy || open}
                  aria-label={t("games.war.clearBet", { bet: t(BET_NAMES[bet]) })}
                  onClick={() => props.setParams(clearBet(bets, bet))}
                >
                  ×
                </button>
              )}
            </div>
          );
        })}
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  return (
    <div class="war-controls">
      <ChipPicker view={props} />
    </div>
  );
}

/** At a tie: go to war (what it costs; refused when it could pay more than the maximum win) or surrender. */
export function Actions(props: GameViewProps) {
  const { t } = props;
  const view = warView(props);
  const decision = view?.decision;
  if (!decision) return null;
  return (
    <fieldset class="war-decision" aria-label={t("games.war.decision")}>
      <div class="war-moves">
        <button
          type="button"
          class="button play-button war-go"
          data-action="war"
          data-main-action=""
          disabled={props.busy || !decision.warAllowed}
          onClick={() => void props.act("war")}
        >
          {t("games.war.goToWar", { amount: props.format.amount(decision.warCost) })}
        </button>
        <button
          type="button"
          class="button war-surrender"
          data-action="surrender"
          disabled={props.busy}
          onClick={() => void props.act("surrender")}
        >
          {t("games.war.surrender", { amount: props.format.amount(decision.surrenderPays) })}
        </button>
      </div>
      {!decision.warAllowed && <p class="views-error">{t("games.war.warNotAllowed")}</p>}
    </fieldset>
  );
}

/** A side bet's RTP in the ideal shoe, as the rules state it (the lattice moves it by less than 10^-8). */
export function sideRtp(bet: SideBet): string {
  const deal = idealFirstDeal();
  return percent(mul(bet === "tie" ? deal.tie : deal.colouredTie, SIDE_PAYS[bet]), 2);
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  return (
    <div class="views-rules war-rules">
      <p>{t("games.war.rules.intro")}</p>
      <p>{t("games.war.rules.tie")}</p>
      <p>{t("games.war.rules.wars")}</p>
      <p>{t("games.war.rules.best")}</p>
      <table class="war-paytable">
        <tbody>
          <tr>
            <td>{t("games.war.bet.tie")}</td>
            <td>
              {t("games.war.rules.pays", {
                multiplier: props.format.multiplier(toFixedDown(SIDE_PAYS.tie, 0)),
              })}
            </td>
            <td>{props.format.percent(sideRtp("tie"))}</td>
          </tr>
          <tr>
            <td>{t("games.war.bet.coloured_tie")}</td>
            <td>
              {t("games.war.rules.pays", {
                multiplier: props.format.multiplier(toFixedDown(SIDE_PAYS.coloured_tie, 0)),
              })}
            </td>
            <td>{props.format.percent(sideRtp("coloured_tie"))}</td>
          </tr>
        </tbody>
      </table>
      <p>{t("games.war.rules.abandon")}</p>
    </div>
  );
}
