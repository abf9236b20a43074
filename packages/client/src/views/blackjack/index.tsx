/**
 * Blackjack (one seat) and Blackjack (Multi Seat): the dealer's row with the hole card face down, the seats and
 * their hands, and only the moves legal now (in the shell's bet bar, with keyboard shortcuts). Cards slide in as
 * they are dealt; a tap or Escape skips the animation. A strategy hint from the published basic strategy is off
 * by default. Multi-seat bets are chips placed on each seat's betting circles.
 */

import { percent } from "@rgs/games/analysis/report";
import { STATED_RTP } from "@rgs/games/games/blackjack/analysis";
import { BLACKJACK_MULTI_RULES, BLACKJACK_RULES } from "@rgs/games/games/blackjack/rules";
import { PERFECT_PAIRS_RETURNS, THREE_CARD_RETURNS } from "@rgs/games/games/blackjack/side-bets";
import { strategyTable, UPCARDS } from "@rgs/games/games/blackjack/strategy";
import type { CardView, HandView, SeatView, TableAction, TableView } from "@rgs/games/games/blackjack/table";
import { useEffect, useRef, useState } from "preact/hooks";
import { mayCelebrate } from "../shared/celebration.ts";
import { ChipFace, ChipPicker, useChip } from "../shared/chips.tsx";
import { Choice } from "../shared/controls.tsx";
import { decimalOf, defaultStake, minorOf } from "../shared/money.ts";
import { useShared } from "../shared/shared-state.ts";
import { useHoldToRemove } from "../shared/touch.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps, ViewContext } from "../types.ts";
import {
  actionForKey,
  cardCount,
  cardFace,
  isMulti,
  MAX_SEATS,
  readSeats,
  type SeatParams,
  SHORTCUTS,
  strategyHint,
} from "./table.ts";
import "../shared/views.css";
import "./blackjack.css";

/** Multi seat: one seat with one unit of the currency (within the session's limits) on its main bet. */
export function defaultParams(gameCode: string, context: ViewContext): unknown {
  return isMulti(gameCode) ? { seats: [{ bet: decimalOf(defaultStake(context), context.decimals) }] } : {};
}

const ACTION_KEYS: Record<TableAction["action"], string> = {
  hit: "games.blackjack.action.hit",
  stand: "games.blackjack.action.stand",
  double: "games.blackjack.action.double",
  split: "games.blackjack.action.split",
  insurance: "games.blackjack.action.insurance",
  decline_insurance: "games.blackjack.action.decline_insurance",
};

const STATUS_KEYS: Record<HandView["status"], string> = {
  playing: "games.blackjack.status.playing",
  waiting: "games.blackjack.status.waiting",
  done: "games.blackjack.status.done",
  win: "games.blackjack.status.win",
  blackjack: "games.blackjack.status.blackjack",
  push: "games.blackjack.status.push",
  lose: "games.blackjack.status.lose",
  bust: "games.blackjack.status.bust",
};

const SIDE_HAND_KEYS: Record<string, string> = {
  perfect_pair: "games.blackjack.side.perfect_pair",
  coloured_pair: "games.blackjack.side.coloured_pair",
  mixed_pair: "games.blackjack.side.mixed_pair",
  suited_trips: "games.blackjack.side.suited_trips",
  straight_flush: "games.blackjack.side.straight_flush",
  three_of_a_kind: "games.blackjack.side.three_of_a_kind",
  straight: "games.blackjack.side.straight",
  flush: "games.blackjack.side.flush",
};

const tableOf = (props: GameViewProps): TableView | undefined => {
  const view = props.round?.view as TableView | undefined;
  return view && typeof view === "object" && Array.isArray(view.seats) ? view : undefined;
};

/**
 * A card, dealt `order`-th on the table: cards already shown before this answer (`before`) do not move, new ones
 * are dealt after them, one every 180 ms.
 */
function Card(props: { t: GameViewProps["t"]; card?: CardView; order: number; before: number }) {
  const style = { animationDelay: `${Math.max(0, props.order - props.before) * 180}ms` };
  if (!props.card) {
    return (
      <span
        class="bj-card bj-card-back"
        style={style}
        role="img"
        aria-label={props.t("games.blackjack.holeCard")}
      />
    );
  }
  const face = cardFace(props.card.card);
  return (
    <span
      class={`bj-card${face.red ? " bj-card-red" : ""}`}
      style={style}
      role="img"
      aria-label={`${face.rank}${face.suit}`}
      data-card={props.card.card}
    >
      <span class="bj-rank">{face.rank}</span>
      <span class="bj-suit">{face.suit}</span>
    </span>
  );
}

const totalText = (hand: { total: number; soft: boolean }) =>
  hand.soft ? `${hand.total - 10}/${hand.total}` : `${hand.total}`;

function Hand(props: { view: GameViewProps; hand: HandView; active: boolean; from: number; before: number }) {
  const { t } = props.view;
  const { hand } = props;
  const won = hand.status === "win" || hand.status === "blackjack";
  // A hand that won in a round that, all told, returned its stake or less gets no win colour where forbidden.
  const tone = won && !mayCelebrate(props.view) ? "settled" : hand.status;
  return (
    <div class={`bj-hand${props.active ? " bj-hand-active" : ""} bj-hand-${tone}`}>
      <div class="bj-cards">
        {hand.cards.map((card, i) => (
          <Card key={i} t={t} card={card} order={props.from + i} before={props.before} />
        ))}
      </div>
      <div class="bj-hand-info">
        <output class="bj-total" aria-label={t("games.blackjack.total")}>
          {totalText(hand)}
        </output>
        <span class="bj-status">{t(STATUS_KEYS[hand.status])}</span>
        <span class="bj-stake">
          {props.view.formatAmount(hand.stake)}
          {hand.doubled ? ` · ${t("games.blackjack.doubled")}` : ""}
        </span>
        {hand.payout !== null &&
          BigInt(hand.payout) > 0n &&
          hand.status !== "lose" &&
          hand.status !== "bust" && (
            <span class="bj-paid">
              {t("games.blackjack.paid", { amount: props.view.formatAmount(hand.payout) })}
            </span>
          )}
      </div>
    </div>
  );
}

function SideBet(props: { view: GameViewProps; name: string; bet: SeatView["perfectPairs"] }) {
  const { t } = props.view;
  if (!props.bet) return null;
  const won = props.bet.hand !== null;
  return (
    <li class={won && mayCelebrate(props.view) ? "bj-side-won" : undefined}>
      {props.name}: {props.view.formatAmount(props.bet.amount)} →{" "}
      {won
        ? t("games.blackjack.sideWon", {
            hand: t(SIDE_HAND_KEYS[props.bet.hand ?? ""] ?? "games.blackjack.side.flush"),
            amount: props.view.formatAmount(props.bet.payout),
          })
        : t("games.blackjack.sideLost")}
    </li>
  );
}

function Seat(props: {
  view: GameViewProps;
  table: TableView;
  seat: SeatView;
  index: number;
  from: number;
  before: number;
}) {
  const { t } = props.view;
  const { seat, table } = props;
  let from = props.from;
  return (
    <section
      class={`bj-seat${table.active?.seat === props.index ? " bj-seat-active" : ""}`}
      aria-label={t("games.blackjack.seat", { seat: props.index + 1 })}
    >
      <h3 class="bj-seat-name">{t("games.blackjack.seat", { seat: props.index + 1 })}</h3>
      <div class="bj-hands">
        {seat.hands.map((hand, i) => {
          const start = from;
          from += hand.cards.length;
          return (
            <Hand
              key={i}
              view={props.view}
              hand={hand}
              from={start}
              before={props.before}
              active={
                table.phase === "playing" && table.active?.seat === props.index && table.active.hand === i
              }
            />
          );
        })}
      </div>
      <ul class="bj-sides">
        <SideBet view={props.view} name={t("games.blackjack.perfectPairs")} bet={seat.perfectPairs} />
        <SideBet view={props.view} name={t("games.blackjack.threeCardPoker")} bet={seat.threeCardPoker} />
        {seat.insurance.status === "taken" && (
          <li>
            {t("games.blackjack.insured", { amount: props.view.formatAmount(seat.insurance.amount) })}
            {seat.insurance.payout !== null &&
              ` → ${BigInt(seat.insurance.payout) > 0n ? props.view.formatAmount(seat.insurance.payout) : t("games.blackjack.sideLost")}`}
          </li>
        )}
      </ul>
    </section>
  );
}

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type)
  );
}

/** Whether the strategy hint is shown: chosen in the settings, read by the moves. */
const useHint = (props: GameViewProps) => useShared(props.shared, "blackjack.hint", false);

/** The moves legal now, each with its key; the advised one outlined when the hint is on. */
export function Actions(props: GameViewProps) {
  const { t } = props;
  const table = tableOf(props);
  const [hint] = useHint(props);
  const legal = props.round?.status === "open" && table ? table.actions : [];
  const disabled = props.busy;
  const act = props.act;
  useEffect(() => {
    if (legal.length === 0) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || disabled) return;
      // Letters typed into a bet field are not moves; a focused checkbox or button does not take letters.
      if (typingInto(event.target)) return;
      const action = actionForKey(event.key, legal);
      if (!action) return;
      event.preventDefault();
      void act(action);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [legal.join(","), disabled, act]);
  const advice = hint && table ? strategyHint(props.gameCode, table) : undefined;
  return (
    <div class="bj-actions-area">
      {table?.phase === "insurance" && <p class="bj-offer">{t("games.blackjack.insuranceOffer")}</p>}
      <fieldset class="bj-actions" aria-label={t("games.blackjack.actions")}>
        {legal.map((action, i) => (
          <button
            key={action}
            type="button"
            class={`button bj-action bj-action-${action}${advice === action ? " bj-advised" : ""}`}
            data-action={action}
            {...(i === 0 && { "data-main-action": "" })}
            disabled={disabled}
            aria-keyshortcuts={SHORTCUTS[action].toUpperCase()}
            onClick={() => void act(action)}
          >
            {t(ACTION_KEYS[action])}
            <kbd>{SHORTCUTS[action].toUpperCase()}</kbd>
          </button>
        ))}
      </fieldset>
      {advice && <p class="bj-hint">{t("games.blackjack.hint", { action: t(ACTION_KEYS[advice]) })}</p>}
    </div>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  useReveal(props, 0);
  const table = tableOf(props);
  const open = props.round?.status === "open";
  const [skipped, setSkipped] = useState<string | null>(null);
  const previous = useRef<{ id: string | null; count: number }>({ id: null, count: 0 });
  const still = !props.animate || skipped === props.round?.id;
  const count = table ? cardCount(table) : 0;
  const id = props.round?.id ?? null;
  // Cards already on the table before this answer: new ones are dealt after them.
  const before = previous.current.id === id ? previous.current.count : 0;
  useEffect(() => {
    previous.current = { id, count };
  }, [id, count]);
  const seats = table?.seats ?? [];
  const dealerCards = table?.dealer.cards ?? [];
  const playerCards = count - dealerCards.length;
  const dealerOrder = (i: number) =>
    i === 0 ? seats.length : i === 1 ? seats.length * 2 + 1 : playerCards + i;
  let from = 0;
  return (
    <section
      class={`views-board bj-board${still ? " bj-still" : ""}`}
      aria-label={t("games.blackjack.board")}
      onClick={() => setSkipped(id)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setSkipped(id);
      }}
    >
      <div class="bj-dealer">
        <h3 class="bj-seat-name">{t("games.blackjack.dealer")}</h3>
        <div class="bj-cards">
          {dealerCards.map((card, i) => (
            <Card key={i} t={t} card={card} order={dealerOrder(i)} before={before} />
          ))}
          {Array.from({ length: table?.dealer.hidden ?? 0 }, (_, i) => (
            <Card key={`hidden-${i}`} t={t} order={seats.length * 2 + 1} before={before} />
          ))}
        </div>
        {table && (
          <output class="bj-total" aria-label={t("games.blackjack.total")}>
            {table.dealer.blackjack ? t("games.blackjack.blackjack") : totalText(table.dealer)}
          </output>
        )}
      </div>
      <div class="bj-seats">
        {table &&
          seats.map((seat, i) => {
            const start = from;
            from += seat.hands.reduce((n, h) => n + h.cards.length, 0);
            return (
              <Seat key={i} view={props} table={table} seat={seat} index={i} from={start} before={before} />
            );
          })}
      </div>
      {!table && <p class="bj-idle">{t("games.blackjack.idle")}</p>}
      {table?.phase === "insurance" && open && <p class="bj-offer">{t("games.blackjack.insuranceOffer")}</p>}
    </section>
  );
}

type SeatBet = keyof SeatParams;
const SEAT_BETS: readonly SeatBet[] = ["bet", "perfectPairs", "threeCardPoker"];
const SEAT_BET_KEYS: Record<SeatBet, string> = {
  bet: "games.blackjack.mainBet",
  perfectPairs: "games.blackjack.perfectPairs",
  threeCardPoker: "games.blackjack.threeCardPoker",
};

function clean(seat: SeatParams): SeatParams {
  const next: SeatParams = { bet: seat.bet };
  if (seat.perfectPairs) next.perfectPairs = seat.perfectPairs;
  if (seat.threeCardPoker) next.threeCardPoker = seat.threeCardPoker;
  return next;
}

/** A seat's three betting circles: a tap adds the chosen chip, holding one (or its ×) takes its chips off. */
function SeatRow(props: { view: GameViewProps; seats: SeatParams[]; index: number; chip: bigint }) {
  const { t, format, currency } = props.view;
  const seat = props.seats[props.index] as SeatParams;
  const disabled = props.view.busy;
  const handlers = useHoldToRemove(disabled);
  const update = (patch: Partial<SeatParams>) => {
    const next = props.seats.map((s, i) => (i === props.index ? { ...s, ...patch } : s));
    props.view.setParams({ seats: next.map(clean) });
  };
  return (
    <fieldset class="bj-seat-row">
      <legend>{t("games.blackjack.seat", { seat: props.index + 1 })}</legend>
      {SEAT_BETS.map((which) => {
        const amount = minorOf(seat[which], currency.decimals);
        const name = t(SEAT_BET_KEYS[which]);
        return (
          <button
            key={which}
            type="button"
            class={`bj-circle bj-circle-${which}${amount ? " bj-circle-set" : ""}`}
            data-seat={props.index}
            data-bet={which}
            disabled={disabled}
            aria-label={
              amount ? `${name}, ${t("games.blackjack.onCircle", { amount: format.amount(amount) })}` : name
            }
            {...handlers(
              () => update({ [which]: decimalOf((amount ?? 0n) + props.chip, currency.decimals) }),
              () => update(which === "bet" ? { bet: "" } : { [which]: undefined }),
            )}
          >
            <span class="bj-circle-name">{name}</span>
            {amount ? (
              <span class="bj-circle-stake">
                <ChipFace minor={amount} decimals={currency.decimals} locale={format.locale} />
                <span>{format.amount(amount)}</span>
              </span>
            ) : (
              <span class="bj-circle-empty">+</span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

function HintToggle(props: GameViewProps) {
  const [hint, setHint] = useHint(props);
  return (
    <label class="bj-hint-toggle">
      <input
        type="checkbox"
        checked={hint}
        onChange={(e) => setHint((e.target as HTMLInputElement).checked)}
      />
      {props.t("games.blackjack.hintToggle")}
    </label>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const [chip] = useChip(props);
  if (!isMulti(props.gameCode)) {
    return (
      <div class="bj-controls views-grid">
        <p class="bj-controls-note">{t("games.blackjack.singleNote")}</p>
        <HintToggle {...props} />
      </div>
    );
  }
  const seats = readSeats(props.params);
  const shown = seats.length > 0 ? seats : [{ bet: decimalOf(chip, props.currency.decimals) }];
  const setCount = (count: number) => {
    const next = Array.from({ length: count }, (_, i) => shown[i] ?? { bet: shown[0]?.bet ?? "" });
    props.setParams({ seats: next.map(clean) });
  };
  return (
    <div class="bj-controls views-grid">
      <Choice
        label={t("games.blackjack.seats")}
        value={shown.length}
        options={Array.from({ length: MAX_SEATS }, (_, i) => ({
          value: i + 1,
          label: props.format.integer(i + 1),
        }))}
        disabled={props.busy}
        onChange={setCount}
      />
      <ChipPicker view={props} />
      <div class="bj-seat-rows">
        {shown.map((_, i) => (
          <SeatRow key={i} view={props} seats={shown} index={i} chip={chip} />
        ))}
      </div>
      <HintToggle {...props} />
    </div>
  );
}

const CODE_KEYS: Record<string, string> = {
  H: "games.blackjack.code.H",
  S: "games.blackjack.code.S",
  D: "games.blackjack.code.D",
  Ds: "games.blackjack.code.Ds",
  P: "games.blackjack.code.P",
  R: "games.blackjack.code.R",
};

function StrategyTable(props: { t: GameViewProps["t"]; gameCode: string }) {
  const { t } = props;
  const table = strategyTable(isMulti(props.gameCode) ? BLACKJACK_MULTI_RULES : BLACKJACK_RULES);
  const rows: [string, string[]][] = [
    ...Object.entries(table.hard)
      .filter(([total]) => Number(total) >= 5 && Number(total) <= 20)
      .map(([total, row]): [string, string[]] => [t("games.blackjack.hard", { total }), row]),
    ...Object.entries(table.soft)
      .filter(([total]) => Number(total) >= 13 && Number(total) <= 20)
      .map(([total, row]): [string, string[]] => [t("games.blackjack.soft", { total }), row]),
    ...Object.entries(table.pairs).map(([value, row]): [string, string[]] => [
      t("games.blackjack.pair", { card: value === "1" ? "A" : value }),
      row,
    ]),
  ];
  return (
    <table class="views-table bj-strategy">
      <thead>
        <tr>
          <th scope="col">{t("games.blackjack.upcard")}</th>
          {UPCARDS.map((up) => (
            <th key={up} scope="col">
              {up === 1 ? "A" : up}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, row]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {row.map((code, i) => (
              <td key={i} class={`bj-code-${code}`} title={t(CODE_KEYS[code] ?? "games.blackjack.code.H")}>
                {code}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const multi = isMulti(props.gameCode);
  return (
    <div class="views-rules bj-rules">
      <p>{t("games.blackjack.rules.intro")}</p>
      <p>{t("games.blackjack.rules.dealer")}</p>
      <p>{t(multi ? "games.blackjack.rules.splitsMulti" : "games.blackjack.rules.splitsSingle")}</p>
      <p>{t("games.blackjack.rules.payouts")}</p>
      <p>
        {t("games.blackjack.rules.insurance", {
          rtp: props.format.percent(percent(STATED_RTP.insurance, 2)),
        })}
      </p>
      <p>{t("games.blackjack.rules.deck")}</p>
      <p>{t("games.blackjack.rules.abandon")}</p>
      {multi && (
        <>
          <h4>{t("games.blackjack.perfectPairs")}</h4>
          <table class="views-table">
            <tbody>
              {Object.entries(PERFECT_PAIRS_RETURNS).map(([hand, returns]) => (
                <tr key={hand}>
                  <td>{t(SIDE_HAND_KEYS[hand] ?? "")}</td>
                  <td>{`${returns.num - returns.den}:1`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t("games.blackjack.rules.sideRtp", {
              rtp: props.format.percent(percent(STATED_RTP.perfect_pairs, 2)),
            })}
          </p>
          <h4>{t("games.blackjack.threeCardPoker")}</h4>
          <table class="views-table">
            <tbody>
              {Object.entries(THREE_CARD_RETURNS).map(([hand, returns]) => (
                <tr key={hand}>
                  <td>{t(SIDE_HAND_KEYS[hand] ?? "")}</td>
                  <td>{`${returns.num - returns.den}:1`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t("games.blackjack.rules.sideRtp", {
              rtp: props.format.percent(percent(STATED_RTP.three_card_poker, 2)),
            })}
          </p>
        </>
      )}
      <h4>{t("games.blackjack.strategy")}</h4>
      <StrategyTable t={t} gameCode={props.gameCode} />
      <p>{t("games.blackjack.rules.legend")}</p>
      <p>{t("games.blackjack.rules.keys")}</p>
    </div>
  );
}
