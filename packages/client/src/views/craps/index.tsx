/**
 * Craps: the table's bet areas (only the bets legal now take chips), the point puck, the dice and the roll
 * history. Chips placed before a round are the opening bets (the shell's Bet button places them and rolls);
 * during a round they wait as "to add" and go on with the next roll (the Roll move), in one debit. Bets that may
 * be taken down are listed with a button each. The dice tumble briefly when animations are on; a tap skips it.
 */

import { statedRtp } from "@rgs/games/games/craps/analysis";
import { type BetKind, type BetSpot, HARD_NUMBERS, POINTS } from "@rgs/games/games/craps/bets";
import type { CrapsView } from "@rgs/games/games/craps/game";
import { useEffect, useRef, useState } from "preact/hooks";
import { mayCelebrate } from "../shared/celebration.ts";
import { ChipFace, ChipPicker, useChip } from "../shared/chips.tsx";
import { totalOf } from "../shared/money.ts";
import { useShared } from "../shared/shared-state.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { addChip, isLegal, legalNow, pendingOn, readBets, type WireBet } from "./bets.ts";
import { paysOf } from "./pays.ts";
import "../shared/views.css";
import "./craps.css";

export { defaultParams, stakeFromParams } from "./bets.ts";
export { paysOf };

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

const crapsView = (props: GameViewProps): CrapsView | undefined => {
  const view = props.round?.view as CrapsView | undefined;
  return view && Array.isArray(view.rolls) ? view : undefined;
};

const isOpen = (props: GameViewProps) => props.round?.status === "open" && crapsView(props) !== undefined;

/** The bets waiting to go on with the next roll of an open round: shared by the Board, Controls and Actions. */
function useAdditions(props: GameViewProps): [WireBet[], (bets: WireBet[]) => void] {
  return useShared<WireBet[]>(props.shared, "craps.additions", []);
}

/** The chips of the next roll: the opening bets before a round, the bets to add during one. */
function usePending(props: GameViewProps): { pending: WireBet[]; set(bets: WireBet[]): void; open: boolean } {
  const open = isOpen(props);
  const [added, setAdded] = useAdditions(props);
  return open
    ? { pending: added, set: setAdded, open }
    : { pending: readBets(props.params), set: (bets) => props.setParams({ bets }), open };
}

/** The pips of a die's face (1 to 6) on a 3 x 3 grid. */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

function Die(props: { face: number | undefined; rolling: boolean; label: string }) {
  const pips = props.rolling || props.face === undefined ? [] : (PIPS[props.face] ?? []);
  return (
    <svg
      class={`craps-die${props.rolling ? " craps-rolling" : ""}`}
      viewBox="0 0 30 30"
      role="img"
      aria-label={props.label}
    >
      <rect x="1" y="1" width="28" height="28" rx="6" />
      {pips.map(([x, y]) => (
        <circle key={`${x}${y}`} cx={7 + x * 8} cy={7 + y * 8} r="2.6" />
      ))}
    </svg>
  );
}

export function spotLabel(t: GameViewProps["t"], spot: BetSpot): string {
  const name = t(BET_NAMES[spot.kind]);
  return spot.number === null ? name : `${name} ${spot.number}`;
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
  const { t, format, currency } = props.view;
  const amounts = [
    props.onTable > 0n ? format.amount(props.onTable) : "",
    props.pending > 0n ? `+${format.amount(props.pending)}` : "",
  ].filter(Boolean);
  return (
    <button
      type="button"
      class={`craps-spot craps-${props.spot.kind}${props.onTable > 0n ? " craps-has-chips" : ""}`}
      data-bet={props.spot.number === null ? props.spot.kind : `${props.spot.kind}_${props.spot.number}`}
      disabled={!props.legal || props.view.busy}
      aria-label={[t("games.craps.placeOn", { bet: props.label }), ...amounts].join(", ")}
      onClick={props.onPlace}
    >
      <span class="craps-spot-name">{props.label}</span>
      <small class="craps-spot-pays">{paysOf(props.spot)}</small>
      {props.onTable > 0n && (
        <ChipFace
          minor={props.onTable}
          decimals={currency.decimals}
          locale={format.locale}
          class="craps-chip"
        />
      )}
      {props.pending > 0n && (
        <ChipFace
          minor={props.pending}
          decimals={currency.decimals}
          locale={format.locale}
          class="craps-chip craps-chip-pending"
        />
      )}
    </button>
  );
}

export function Board(props: GameViewProps) {
  const { t, currency } = props;
  useReveal(props, 0);
  const view = crapsView(props);
  const { pending, set, open } = usePending(props);
  const [, setAdded] = useAdditions(props);
  const legal = legalNow(open ? view?.legal : undefined);
  const [chip] = useChip(props);
  const rolls = view?.rolls ?? [];
  const celebrate = mayCelebrate(props);
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
  useEffect(() => setAdded([]), [rollKey]);
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
        onPlace={() => set(addChip(pending, s, chip, currency.decimals))}
      />
    );
  };
  const odds = legal.filter((l) => l.kind.endsWith("_odds"));
  const numbered = open
    ? (view?.bets ?? []).filter((b) => (b.kind === "come" || b.kind === "dont_come") && b.number !== null)
    : [];
  const point = open ? view?.point : null;
  const sum = last ? last.dice[0] + last.dice[1] : undefined;
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
        {rolls.length > 0 && (
          <ol class="craps-history" aria-label={t("games.craps.history")}>
            {rolls.slice(-8).map((r, i) => (
              <li
                key={rolls.length - 8 + i}
                class={celebrate && BigInt(r.paid) > 0n ? "craps-history-paid" : undefined}
              >
                {r.dice[0] + r.dice[1]}
              </li>
            ))}
          </ol>
        )}
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
                <span key={b.kind} class="craps-come" title={spotLabel(t, b)}>
                  {t(BET_NAMES[b.kind])} {props.format.amount(b.amount)}
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
          {odds.map((l) => spot(l.kind, l.number))}
        </fieldset>
      )}
      <fieldset class="craps-props" aria-label={t("games.craps.propsRow")}>
        {HARD_NUMBERS.map((n) => spot("hard", n))}
        {(["any_seven", "any_craps", "two", "three", "eleven", "twelve"] as const).map((k) => spot(k))}
      </fieldset>
      <p class="views-result" aria-live="polite" data-testid="board-result">
        {last && !rolling ? t("games.craps.rolled", { sum: sum ?? 0 }) : ""}
      </p>
    </section>
  );
}

export function Controls(props: GameViewProps) {
  const { t, currency } = props;
  const view = crapsView(props);
  const { pending, set, open } = usePending(props);
  const total = totalOf(
    pending.map((b) => b.amount),
    currency.decimals,
  );
  const removable = open ? (view?.bets ?? []).filter((b) => b.removable) : [];
  return (
    <div class="craps-controls">
      <ChipPicker view={props} />
      <div class="craps-pending">
        <span>
          {open ? t("games.craps.toAdd") : t("games.craps.opening")}: {props.format.amount(total)}
        </span>
        <button
          type="button"
          class="views-choice-option"
          disabled={props.busy || pending.length === 0}
          onClick={() => set([])}
        >
          {t("games.craps.clear")}
        </button>
      </div>
      {removable.length > 0 && (
        <ul class="craps-removable" aria-label={t("games.craps.onTable")}>
          {removable.map((b) => (
            <li key={`${b.kind}${b.number}`}>
              <span>
                {spotLabel(t, b)} · {props.format.amount(b.amount)}
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
    </div>
  );
}

/** The next roll, with the bets waiting to go on with it. */
export function Actions(props: GameViewProps) {
  const { t, currency } = props;
  const [added] = useAdditions(props);
  const total = totalOf(
    added.map((b) => b.amount),
    currency.decimals,
  );
  return (
    <button
      type="button"
      class="button play-button craps-roll"
      data-action="roll"
      data-main-action=""
      disabled={props.busy}
      onClick={() => void props.act("roll", added.length > 0 ? { bets: added } : undefined)}
    >
      <span>{t("games.craps.roll")}</span>
      {added.length > 0 && (
        <span class="play-stake">{t("games.craps.withBets", { amount: props.format.amount(total) })}</span>
      )}
    </button>
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
              <td>{props.format.percent(row.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("games.craps.rules.abandon")}</p>
    </div>
  );
}
