/**
 * Craps: the table's bet areas (only the bets legal now take chips), the point puck, the dice and the roll
 * history. Chips placed before a round are the opening bets (the shell's Play button rolls); during a round they
 * wait as "to add" and go on with the next roll, in one debit. Bets that may be taken down carry a take-down
 * button. The dice tumble briefly when animations are on; a click skips it.
 */

import { statedRtp } from "@rgs/games/games/craps/analysis";
import { type BetKind, type BetSpot, HARD_NUMBERS, POINTS } from "@rgs/games/games/craps/bets";
import type { CrapsView } from "@rgs/games/games/craps/game";
import { useEffect, useRef, useState } from "preact/hooks";
import { createChipStore, useChip } from "../shared/chip-store.ts";
import { ChipPicker } from "../shared/chips.tsx";
import { totalOf } from "../shared/money.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import {
  type AdditionStore,
  addChip,
  createAdditionStore,
  isLegal,
  legalNow,
  pendingOn,
  readBets,
  type WireBet,
} from "./bets.ts";
import "../shared/views.css";
import "./craps.css";

export { defaultParams, stakeFromParams } from "./bets.ts";

const chips = createChipStore();
const additions = createAdditionStore();

function useAdditions(store: AdditionStore): WireBet[] {
  const [value, setValue] = useState(store.get());
  useEffect(() => store.subscribe(setValue), [store]);
  return value;
}
const ROLL_MS = 700;

export const BET_NAMES: Record<BetKind, string> = {
  pass: "games.craps.bet.pass",
  dont_pass: "games.craps.bet.dont_pass",
  come: "games.craps.bet.come",
  dont_come: "games.craps.bet.dont_come",
  pass_odds: "games.craps.bet.pass_odds",
  dont_pass_odds: "games.craps.bet.dont_pass_odds",
  come_odds: "games.craps.bet.come_odds",
  dont_come_odds: "games.craps.bet.dont_come_odds",
  place: "games.craps.bet.place",
  hard: "games.craps.bet.hard",
  field: "games.craps.bet.field",
  any_seven: "games.craps.bet.any_seven",
  any_craps: "games.craps.bet.any_craps",
  two: "games.craps.bet.two",
  three: "games.craps.bet.three",
  eleven: "games.craps.bet.eleven",
  twelve: "games.craps.bet.twelve",
};

/** What each bet pays, stake excluded, as written on a table. */
const PAYS: Partial<Record<BetKind, string>> = {
  pass: "1:1",
  dont_pass: "1:1",
  come: "1:1",
  dont_come: "1:1",
  field: "1:1 · 2:1 · 3:1",
  any_seven: "4:1",
  any_craps: "7:1",
  two: "30:1",
  three: "15:1",
  eleven: "15:1",
  twelve: "30:1",
};
const PLACE_PAYS: Record<number, string> = { 4: "9:5", 5: "7:5", 6: "7:6", 8: "7:6", 9: "7:5", 10: "9:5" };
const HARD_PAYS: Record<number, string> = { 4: "7:1", 6: "9:1", 8: "9:1", 10: "7:1" };
const ODDS_PAYS: Record<number, string> = { 4: "2:1", 5: "3:2", 6: "6:5", 8: "6:5", 9: "3:2", 10: "2:1" };
const LAY_PAYS: Record<number, string> = { 4: "1:2", 5: "2:3", 6: "5:6", 8: "5:6", 9: "2:3", 10: "1:2" };

export function paysOf(spot: BetSpot): string {
  const n = spot.number ?? 0;
  if (spot.kind === "place") return PLACE_PAYS[n] ?? "";
  if (spot.kind === "hard") return HARD_PAYS[n] ?? "";
  if (spot.kind === "pass_odds" || spot.kind === "come_odds") return ODDS_PAYS[n] ?? "";
  if (spot.kind === "dont_pass_odds" || spot.kind === "dont_come_odds") return LAY_PAYS[n] ?? "";
  return PAYS[spot.kind] ?? "";
}

const crapsView = (props: GameViewProps): CrapsView | undefined => {
  const view = props.round?.view as CrapsView | undefined;
  return view && Array.isArray(view.rolls) ? view : undefined;
};

const isOpen = (props: GameViewProps) => props.round?.status === "open" && crapsView(props) !== undefined;

function Die(props: { face: number | undefined; rolling: boolean; label: string }) {
  return (
    <span class={`craps-die${props.rolling ? " craps-rolling" : ""}`} role="img" aria-label={props.label}>
      {props.rolling || props.face === undefined ? "" : "⚀⚁⚂⚃⚄⚅"[props.face - 1]}
    </span>
  );
}

function Spot(props: {
  view: GameViewProps;
  spot: BetSpot;
  label: string;
  legal: boolean;
  onTable: bigint;
  pending: bigint;
  onPlace(): void;
}) {
  const { t, formatAmount } = props.view;
  return (
    <button
      type="button"
      class={`craps-spot craps-${props.spot.kind}${props.onTable > 0n ? " craps-has-chips" : ""}`}
      data-bet={props.spot.number === null ? props.spot.kind : `${props.spot.kind}_${props.spot.number}`}
      disabled={!props.legal || props.view.busy}
      aria-label={t("games.craps.placeOn", { bet: props.label })}
      onClick={props.onPlace}
    >
      <span class="craps-spot-name">{props.label}</span>
      <small class="craps-spot-pays">{paysOf(props.spot)}</small>
      {props.onTable > 0n && <span class="craps-chip craps-chip-table">{formatAmount(props.onTable)}</span>}
      {props.pending > 0n && (
        <span class="craps-chip craps-chip-pending">+{formatAmount(props.pending)}</span>
      )}
    </button>
  );
}

export function spotLabel(t: GameViewProps["t"], spot: BetSpot): string {
  const name = t(BET_NAMES[spot.kind]);
  return spot.number === null ? name : `${name} ${spot.number}`;
}

export function Board(props: GameViewProps) {
  const { t, currency } = props;
  useReveal(props, 0);
  const view = crapsView(props);
  const open = isOpen(props);
  const legal = legalNow(open ? view?.legal : undefined);
  const added = useAdditions(additions);
  const pending = open ? added : readBets(props.params);
  const chip = useChip(chips, currency.decimals);
  const rolls = view?.rolls ?? [];
  const last = rolls.at(-1);
  const [rolling, setRolling] = useState(false);
  const seen = useRef<string>("");
  const rollKey = `${props.round?.id ?? ""}:${rolls.length}`;
  useEffect(() => {
    if (seen.current === rollKey) return;
    const first = seen.current === "";
    seen.current = rollKey;
    if (first || !props.animate || rolls.length === 0) return;
    setRolling(true);
    const timer = setTimeout(() => setRolling(false), ROLL_MS);
    // A newer roll, or animations switched off, ends this tumble at once.
    return () => {
      clearTimeout(timer);
      setRolling(false);
    };
  }, [rollKey, props.animate, rolls.length]);
  // A new roll, or another round, took the bets that were waiting: the next ones start from none.
  useEffect(() => additions.set([]), [rollKey]);
  // A line bet keeps its spot once it has a point; come bets on a number show in that number's box.
  const onTable = (spot: BetSpot) =>
    open
      ? BigInt(
          view?.bets.find(
            (b) =>
              b.kind === spot.kind &&
              (b.number === spot.number ||
                (spot.number === null && (b.kind === "pass" || b.kind === "dont_pass"))),
          )?.amount ?? "0",
        )
      : 0n;
  const place = (spot: BetSpot) =>
    open
      ? additions.set(addChip(added, spot, chip, currency.decimals))
      : props.setParams({ bets: addChip(pending, spot, chip, currency.decimals) });
  const spot = (kind: BetKind, number: number | null = null) => {
    const s: BetSpot = { kind, number };
    return (
      <Spot
        key={`${kind}${number ?? ""}`}
        view={props}
        spot={s}
        label={spotLabel(t, s)}
        legal={isLegal(legal, s)}
        onTable={onTable(s)}
        pending={pendingOn(pending, s, currency.decimals)}
        onPlace={() => place(s)}
      />
    );
  };
  const odds = legal.filter((l) => l.kind.endsWith("_odds"));
  const numbered = open
    ? (view?.bets ?? []).filter((b) => (b.kind === "come" || b.kind === "dont_come") && b.number !== null)
    : [];
  const point = open ? view?.point : null;
  const result = last && !rolling ? rollResult(props, last.paid, last.dice[0] + last.dice[1]) : "";
  return (
    <section
      class={`views-board craps-board${props.animate ? "" : " craps-static"}`}
      aria-label={t("games.craps.board")}
      onClick={rolling ? () => setRolling(false) : undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && rolling) setRolling(false);
      }}
    >
      <div class="craps-top">
        <div class={`craps-puck${point ? " craps-puck-on" : ""}`} aria-live="polite" data-testid="craps-puck">
          {point ? t("games.craps.pointOn", { point }) : t("games.craps.pointOff")}
        </div>
        <div class="craps-dice" data-testid="craps-dice">
          <Die
            face={last?.dice[0]}
            rolling={rolling}
            label={t("games.craps.die", { face: last?.dice[0] ?? "–" })}
          />
          <Die
            face={last?.dice[1]}
            rolling={rolling}
            label={t("games.craps.die", { face: last?.dice[1] ?? "–" })}
          />
        </div>
      </div>
      <fieldset class="craps-numbers" aria-label={t("games.craps.placeRow")}>
        {POINTS.map((n) => (
          <div key={n} class={`craps-number${point === n ? " craps-number-point" : ""}`}>
            <span class="craps-number-head">{n}</span>
            {spot("place", n)}
            {numbered
              .filter((b) => b.number === n)
              .map((b) => (
                <span key={b.kind} class="craps-chip craps-chip-table" title={spotLabel(t, b)}>
                  {t(BET_NAMES[b.kind])} {props.formatAmount(b.amount)}
                </span>
              ))}
          </div>
        ))}
      </fieldset>
      <div class="craps-lines">
        {spot("come")}
        {spot("dont_come")}
        {spot("field")}
        {spot("pass")}
        {spot("dont_pass")}
      </div>
      {odds.length > 0 && (
        <fieldset class="craps-odds" aria-label={t("games.craps.oddsRow")}>
          {odds.map((l) => (
            <Spot
              key={`${l.kind}${l.number}`}
              view={props}
              spot={l}
              label={spotLabel(t, l)}
              legal={true}
              onTable={onTable(l)}
              pending={pendingOn(pending, l, currency.decimals)}
              onPlace={() => place(l)}
            />
          ))}
        </fieldset>
      )}
      <fieldset class="craps-props" aria-label={t("games.craps.propsRow")}>
        {HARD_NUMBERS.map((n) => (
          <Spot
            key={`hard${n}`}
            view={props}
            spot={{ kind: "hard", number: n }}
            label={spotLabel(t, { kind: "hard", number: n })}
            legal={isLegal(legal, { kind: "hard", number: n })}
            onTable={onTable({ kind: "hard", number: n })}
            pending={pendingOn(pending, { kind: "hard", number: n }, currency.decimals)}
            onPlace={() => place({ kind: "hard", number: n })}
          />
        ))}
        {(["any_seven", "any_craps", "two", "three", "eleven", "twelve"] as const).map((k) => spot(k))}
      </fieldset>
      {rolls.length > 0 && (
        <ol class="craps-history" aria-label={t("games.craps.history")}>
          {rolls.slice(-12).map((r, i) => (
            <li key={rolls.length - 12 + i} class={BigInt(r.paid) > 0n ? "craps-history-paid" : undefined}>
              {r.dice[0] + r.dice[1]}
            </li>
          ))}
        </ol>
      )}
      <p class={`views-result${last && BigInt(last.paid) > 0n ? " views-win" : ""}`} aria-live="polite">
        {result}
      </p>
    </section>
  );
}

function rollResult(props: GameViewProps, paid: string, sum: number): string {
  const { t } = props;
  return BigInt(paid) > 0n
    ? t("games.craps.rollPaid", { sum, amount: props.formatAmount(paid) })
    : t("games.craps.rollNoWin", { sum });
}

export function Controls(props: GameViewProps) {
  const { t, currency } = props;
  const view = crapsView(props);
  const open = isOpen(props);
  const added = useAdditions(additions);
  const pending = open ? added : readBets(props.params);
  const pendingTotal = totalOf(
    pending.map((b) => b.amount),
    currency.decimals,
  );
  const removable = open ? (view?.bets ?? []).filter((b) => b.removable) : [];
  return (
    <div class="craps-controls">
      <ChipPicker store={chips} view={props} />
      <div class="craps-pending">
        <span>
          {open ? t("games.craps.toAdd") : t("games.craps.opening")}: {props.formatAmount(pendingTotal)}
        </span>
        <button
          type="button"
          class="views-choice-option"
          disabled={props.busy || pending.length === 0}
          onClick={() => (open ? additions.set([]) : props.setParams({ bets: [] }))}
        >
          {t("games.craps.clear")}
        </button>
      </div>
      {open && (
        <>
          <button
            type="button"
            class="button craps-roll"
            data-action="roll"
            disabled={props.busy}
            onClick={() => void props.act("roll", pending.length > 0 ? { bets: pending } : undefined)}
          >
            {pending.length > 0
              ? t("games.craps.rollWith", { amount: props.formatAmount(pendingTotal) })
              : t("games.craps.roll")}
          </button>
          {removable.length > 0 && (
            <ul class="craps-removable" aria-label={t("games.craps.onTable")}>
              {removable.map((b) => (
                <li key={`${b.kind}${b.number}`}>
                  <span>
                    {spotLabel(t, b)} · {props.formatAmount(b.amount)}
                  </span>
                  <button
                    type="button"
                    class="views-choice-option"
                    data-action="remove"
                    disabled={props.busy}
                    onClick={() =>
                      void props.act("remove", {
                        bets: [{ bet: b.kind, ...(b.number !== null && { number: b.number }) }],
                      })
                    }
                  >
                    {t("games.craps.takeDown")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The rules' paytable: every bet with what it pays and its RTP (from the games package's exact figures). */
export function ruleRows(): { spot: BetSpot; pays: string; rtp: string }[] {
  const rows: BetSpot[] = [
    { kind: "pass", number: null },
    { kind: "dont_pass", number: null },
    { kind: "come", number: null },
    { kind: "dont_come", number: null },
    ...POINTS.map((number) => ({ kind: "pass_odds" as const, number })),
    ...POINTS.map((number) => ({ kind: "dont_pass_odds" as const, number })),
    ...POINTS.map((number) => ({ kind: "place" as const, number })),
    ...HARD_NUMBERS.map((number) => ({ kind: "hard" as const, number })),
    ...(["field", "any_seven", "any_craps", "two", "three", "eleven", "twelve"] as const).map((kind) => ({
      kind,
      number: null,
    })),
  ];
  return rows.map((spot) => {
    const r = statedRtp(spot);
    const basis = (r.num * 10_000n) / r.den;
    return { spot, pays: paysOf(spot), rtp: `${basis / 100n}.${(basis % 100n).toString().padStart(2, "0")}` };
  });
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  return (
    <div class="views-rules craps-rules">
      <p>{t("games.craps.rules.intro")}</p>
      <p>{t("games.craps.rules.point")}</p>
      <p>{t("games.craps.rules.working")}</p>
      <p>{t("games.craps.rules.wallet")}</p>
      <table class="craps-paytable">
        <thead>
          <tr>
            <th>{t("games.craps.rules.bet")}</th>
            <th>{t("games.craps.rules.pays")}</th>
            <th>{t("games.craps.rules.rtp")}</th>
          </tr>
        </thead>
        <tbody>
          {ruleRows().map((row) => (
            <tr key={`${row.spot.kind}${row.spot.number}`}>
              <td>{spotLabel(t, row.spot)}</td>
              <td>{row.pays}</td>
              <td>{row.rtp}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("games.craps.rules.abandon")}</p>
    </div>
  );
}
