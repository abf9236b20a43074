/**
 * Baccarat (punto banco): chips on player, banker, tie and the pairs; the cards are dealt face down and
 * turned in order, with the third-card rule that applied shown as it happens.
 *
 * Params are the server's own `{bets: {player?, banker?, tie?, player_pair?, banker_pair?}}` (decimal amounts
 * of the session currency); the stake is their sum. The chip value is chosen in the controls.
 */
import type { BaccaratView } from "@rgs/games/games/baccarat/game";
import { BET_TYPES } from "@rgs/games/games/baccarat/paytable";
import { BoardFrame } from "../shared/board.tsx";
import { mayCelebrate } from "../shared/celebration.ts";
import { ChipFace, ChipPicker, useChip } from "../shared/chips.tsx";
import { minorOf } from "../shared/money.ts";
import { useCoarsePointer, useHoldToRemove } from "../shared/touch.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import {
  addChip,
  type BaccaratBets,
  BET_KEYS,
  doubleBets,
  payoutRows,
  pushMultiplier,
  readBets,
  removeBet,
} from "./bets.ts";
import {
  bankerRuleTable,
  cardFace,
  cardsShown,
  dealDuration,
  dealNotes,
  dealOrder,
  notesShown,
  type Side,
  totalSoFar,
} from "./deal.ts";
import "./baccarat.css";

export { defaultParams, scaleStake, stakeFromParams } from "./bets.ts";

function Card(props: { card?: number; fresh: boolean }) {
  if (props.card === undefined) return <div class="baccarat-card baccarat-card-back" aria-hidden="true" />;
  const face = cardFace(props.card);
  return (
    <div
      class={`baccarat-card${face.red ? " baccarat-card-red" : ""}${props.fresh ? " baccarat-card-fresh" : ""}`}
      role="img"
      aria-label={`${face.rank}${face.suit}`}
    >
      <span class="baccarat-card-rank">{face.rank}</span>
      <span class="baccarat-card-suit">{face.suit}</span>
    </div>
  );
}

function Hand(props: {
  t: GameViewProps["t"];
  side: Side;
  cards: readonly number[];
  total: number | undefined;
  winner: boolean;
  latest: number | undefined;
}) {
  const { t } = props;
  return (
    <div class={`baccarat-hand${props.winner ? " baccarat-hand-win" : ""}`}>
      <div class="baccarat-hand-head">
        <span class="baccarat-hand-name">{t(BET_KEYS[props.side])}</span>
        <output class="baccarat-total" aria-label={t("games.baccarat.total")}>
          {props.total ?? "–"}
        </output>
      </div>
      <div class="baccarat-cards">
        {props.cards.map((card, i) => (
          <Card key={i} card={card} fresh={props.latest === i} />
        ))}
      </div>
    </div>
  );
}

export function Board(props: GameViewProps) {
  const { t, currency } = props;
  const view = props.round?.view as BaccaratView | undefined;
  const order = view ? dealOrder(view.player, view.banker) : [];
  const reveal = useReveal(props, view ? dealDuration(order.length) : 0);
  const bets = readBets(props.params);
  const [chip] = useChip(props);
  const handlers = useHoldToRemove(props.busy);
  const shown = reveal.done ? order.length : cardsShown(reveal.elapsed, order.length);
  const dealt = order.slice(0, shown);
  const handOf = (side: Side) => dealt.filter((s) => s.side === side).map((s) => s.card);
  const latestOf = (side: Side) =>
    !reveal.done && dealt.at(-1)?.side === side ? dealt.at(-1)?.index : undefined;
  const notes = view ? dealNotes(view.player, view.banker) : [];
  const notesUp = notes.slice(0, reveal.done ? notes.length : notesShown(shown, notes.length));
  const winner = view && reveal.done ? view.winner : undefined;
  const winning = new Set(
    view && reveal.done && mayCelebrate(props)
      ? view.bets.filter((b) => Number(b.multiplier) > 1).map((b) => b.type)
      : [],
  );
  const disabled = props.busy || !reveal.done;
  const set = (next: BaccaratBets) => props.setParams({ bets: next });
  return (
    <BoardFrame
      reveal={reveal}
      class="baccarat-board"
      label={t("games.baccarat.board")}
      {...(view && {
        result: t(view.winner === "tie" ? "games.baccarat.tieResult" : "games.baccarat.winsResult", {
          side: t(BET_KEYS[view.winner]),
        }),
      })}
    >
      <div class="baccarat-table">
        <Hand
          t={t}
          side="player"
          cards={handOf("player")}
          total={view && shown > 0 ? totalSoFar(handOf("player")) : undefined}
          winner={winner === "player" || winner === "tie"}
          latest={latestOf("player")}
        />
        <Hand
          t={t}
          side="banker"
          cards={handOf("banker")}
          total={view && shown > 1 ? totalSoFar(handOf("banker")) : undefined}
          winner={winner === "banker" || winner === "tie"}
          latest={latestOf("banker")}
        />
      </div>
      <ul class="baccarat-notes" aria-live="polite">
        {notesUp.map((note) => (
          <li key={note.key}>{t(note.key, note.vars)}</li>
        ))}
      </ul>
      <div class="baccarat-bets">
        {BET_TYPES.map((type) => {
          const amount = minorOf(bets[type], currency.decimals);
          return (
            <button
              key={type}
              type="button"
              class={`baccarat-bet baccarat-bet-${type}${winning.has(type) ? " baccarat-bet-win" : ""}`}
              aria-disabled={disabled}
              aria-label={
                amount
                  ? `${t(BET_KEYS[type])}, ${t("games.baccarat.onBet", { amount: props.formatAmount(amount) })}`
                  : t(BET_KEYS[type])
              }
              {...handlers(
                () => {
                  if (!disabled) set(addChip(bets, type, chip, currency.decimals));
                },
                () => {
                  if (!disabled) set(removeBet(bets, type));
                },
              )}
              onKeyDown={(event) => {
                if (!disabled && (event.key === "Delete" || event.key === "Backspace")) {
                  event.preventDefault();
                  set(removeBet(bets, type));
                }
              }}
            >
              <span class="baccarat-bet-name">{t(BET_KEYS[type])}</span>
              {amount !== undefined && (
                <ChipFace minor={amount} decimals={currency.decimals} locale={props.format.locale} />
              )}
            </button>
          );
        })}
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t, currency } = props;
  const bets = readBets(props.params);
  const empty = Object.keys(bets).length === 0;
  const touch = useCoarsePointer();
  return (
    <div class="baccarat-controls views-grid">
      <ChipPicker view={props} />
      <div class="views-field">
        <span class="views-label">{t("games.baccarat.tableActions")}</span>
        <div class="baccarat-actions">
          <button
            type="button"
            disabled={props.busy || empty}
            onClick={() => props.setParams({ bets: doubleBets(bets, currency.decimals) })}
          >
            {t("games.baccarat.double")}
          </button>
          <button type="button" disabled={props.busy || empty} onClick={() => props.setParams({ bets: {} })}>
            {t("games.baccarat.clear")}
          </button>
        </div>
        <span class="baccarat-hint">{t(touch ? "games.baccarat.hintTouch" : "games.baccarat.hint")}</span>
      </div>
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  return (
    <div class="views-rules baccarat-rules">
      <p>{t("games.baccarat.rules.intro")}</p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.baccarat.betColumn")}</th>
            <th scope="col">{t("games.common.multiplier")}</th>
          </tr>
        </thead>
        <tbody>
          {payoutRows().map((row) => (
            <tr key={row.type}>
              <td>{t(BET_KEYS[row.type])}</td>
              <td>{props.format.multiplier(row.multiplier)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("games.baccarat.rules.push", { multiplier: props.format.multiplier(pushMultiplier()) })}</p>
      <p>{t("games.baccarat.rules.player")}</p>
      <p>{t("games.baccarat.rules.banker")}</p>
      <table class="views-table baccarat-rule-table">
        <thead>
          <tr>
            <th scope="col">{t("games.baccarat.bankerTotal")}</th>
            <th scope="col">{t("games.baccarat.playerStood")}</th>
            {Array.from({ length: 10 }, (_, card) => (
              <th key={card} scope="col">
                {card}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bankerRuleTable().map((row) => (
            <tr key={row.total}>
              <td>{row.total}</td>
              <td>{row.stood ? t("games.baccarat.drawShort") : t("games.baccarat.standShort")}</td>
              {row.onThird.map((draws, card) => (
                <td key={card}>{draws ? t("games.baccarat.drawShort") : t("games.baccarat.standShort")}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("games.baccarat.rules.legend")}</p>
    </div>
  );
}
