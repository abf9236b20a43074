/**
 * Roulette (European, la partage): tap the layout to place chips of the chosen value on any standard bet, as
 * many bets per spin as wanted; the wheel spins to the pocket and the bets that paid light up.
 *
 * Params are the server's own `{bets: [{kind, numbers | index, amount}]}` (amounts in the session currency),
 * so the stake of a spin is the sum of the chips on the layout; the chip value and the earlier layouts (for
 * Undo) live in the game screen's shared state, outside the params (the server refuses unknown parameters).
 */
import type { RouletteView } from "@rgs/games/games/roulette/game";
import { BET_KINDS, type BetKind, betKey, LAYOUT, multiplierFor } from "@rgs/games/games/roulette/paytable";
import { toFixedDown } from "@rgs/games/math/rational";
import { useMemo, useRef } from "preact/hooks";
import { BoardFrame } from "../shared/board.tsx";
import { mayCelebrate } from "../shared/celebration.ts";
import { ChipPicker, useChip } from "../shared/chips.tsx";
import { chipColour, chipLabel } from "../shared/money.ts";
import { useShared } from "../shared/shared-state.ts";
import { decorativeRandom, easeOutCubic, hashString } from "../shared/timeline.ts";
import { useCoarsePointer, useHoldToRemove } from "../shared/touch.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { rotationAt, SPIN_MS, segmentPath, spinTarget } from "../wheel/geometry.ts";
import { amountsByKey, doubleBets, keyOf, placeChip, readBets, removeBet, type WireBet } from "./bets.ts";
import { centreOf, colourOf, HEIGHT, SPOTS, type Spot, WHEEL_ORDER, WIDTH } from "./layout.ts";
import "./roulette.css";

export { defaultParams, scaleStake, stakeFromParams } from "./bets.ts";

const U = 40;

/** The layouts before each change, for Undo: kept while the game is on screen. */
function useUndo(props: GameViewProps): { push(bets: WireBet[]): void; undo(): void; can: boolean } {
  const [stack, setStack] = useShared<WireBet[][]>(props.shared, "roulette.undo", []);
  return {
    push: (bets) => setStack([...stack, bets]),
    undo() {
      props.setParams({ bets: stack.at(-1) ?? [] });
      setStack(stack.slice(0, -1));
    },
    can: stack.length > 0,
  };
}

export const KIND_KEYS: Record<BetKind, string> = {
  straight: "games.roulette.kind.straight",
  split: "games.roulette.kind.split",
  street: "games.roulette.kind.street",
  trio: "games.roulette.kind.trio",
  corner: "games.roulette.kind.corner",
  first_four: "games.roulette.kind.first_four",
  six_line: "games.roulette.kind.six_line",
  column: "games.roulette.kind.column",
  dozen: "games.roulette.kind.dozen",
  red: "games.roulette.kind.red",
  black: "games.roulette.kind.black",
  odd: "games.roulette.kind.odd",
  even: "games.roulette.kind.even",
  low: "games.roulette.kind.low",
  high: "games.roulette.kind.high",
};

function spotName(t: GameViewProps["t"], spot: Spot): string {
  const { bet } = spot;
  if (bet.index !== undefined) return `${t(KIND_KEYS[bet.kind])} ${bet.index}`;
  if (bet.kind === "straight" || bet.numbers.length <= 6)
    return `${t(KIND_KEYS[bet.kind])} ${bet.numbers.join("-")}`;
  return t(KIND_KEYS[bet.kind]);
}

function cellLabel(t: GameViewProps["t"], spot: Spot): string {
  const { bet } = spot;
  switch (bet.kind) {
    case "straight":
      return String(bet.numbers[0]);
    case "column":
      return "2:1";
    case "dozen":
      return `${bet.numbers[0]}-${bet.numbers.at(-1)}`;
    case "low":
      return "1-18";
    case "high":
      return "19-36";
    case "red":
    case "black":
      return "◆";
    default:
      return t(KIND_KEYS[bet.kind]);
  }
}

function Layout(props: {
  t: GameViewProps["t"];
  amounts: Map<string, bigint>;
  decimals: number;
  locale: string;
  winners: Set<string>;
  pocket?: number;
  disabled: boolean;
  onPlace(spot: Spot): void;
  onRemove(spot: Spot): void;
}) {
  const { t } = props;
  const handlers = useHoldToRemove(props.disabled);
  return (
    <fieldset class="roulette-layout-set">
      <legend class="views-visually-hidden">{t("games.roulette.layout")}</legend>
      <svg class="roulette-layout" viewBox={`-4 -4 ${WIDTH * U + 8} ${HEIGHT * U + 8}`}>
        <title>{t("games.roulette.layout")}</title>
        {SPOTS.map((spot) => {
          const key = keyOf(spot.bet);
          const b = spot;
          const c = centreOf(b);
          const amount = props.amounts.get(key);
          const straight = spot.bet.kind === "straight" ? (spot.bet.numbers[0] as number) : undefined;
          const colour =
            straight !== undefined
              ? colourOf(straight)
              : spot.bet.kind === "red"
                ? "red"
                : spot.bet.kind === "black"
                  ? "black"
                  : "felt";
          const name = spotName(t, spot);
          const label = amount
            ? `${name}, ${t("games.roulette.onBet", { amount: chipLabel(amount, props.decimals, props.locale) })}`
            : name;
          return (
            // biome-ignore lint/a11y/useSemanticElements: SVG has no button element; this is a keyboard-operable SVG control
            <g
              key={key}
              class={`roulette-spot roulette-spot-${spot.shape}${props.winners.has(key) ? " roulette-spot-win" : ""}`}
              role="button"
              tabIndex={props.disabled ? -1 : 0}
              aria-label={label}
              aria-disabled={props.disabled}
              {...handlers(
                () => props.onPlace(spot),
                () => props.onRemove(spot),
              )}
              onKeyDown={(event) => {
                if (props.disabled) return;
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  props.onPlace(spot);
                } else if (event.key === "Delete" || event.key === "Backspace") {
                  event.preventDefault();
                  props.onRemove(spot);
                }
              }}
            >
              {spot.shape === "cell" ? (
                <>
                  <rect
                    class={`roulette-cell roulette-${colour}${straight !== undefined && straight === props.pocket ? " roulette-cell-pocket" : ""}`}
                    x={b.x * U}
                    y={b.y * U}
                    width={b.w * U}
                    height={b.h * U}
                  />
                  <text class="roulette-cell-text" x={c.x * U} y={c.y * U}>
                    {cellLabel(t, spot)}
                  </text>
                </>
              ) : (
                <circle class="roulette-hotspot" cx={c.x * U} cy={c.y * U} r={U * 0.2} />
              )}
              {amount !== undefined && (
                <g
                  class={`roulette-chip views-chip-${chipColour(amount, props.decimals)}`}
                  transform={`translate(${c.x * U} ${c.y * U})`}
                >
                  <circle r={U * 0.3} />
                  <text>{chipLabel(amount, props.decimals, props.locale)}</text>
                </g>
              )}
            </g>
          );
        })}
      </svg>
    </fieldset>
  );
}

function Wheel(props: {
  rotation: number;
  ball: { angle: number; radius: number } | undefined;
  pocket?: number;
}) {
  return (
    <svg class="roulette-wheel" viewBox="-105 -105 210 210" aria-hidden="true" focusable="false">
      <g style={{ transform: `rotate(${props.rotation}deg)` }}>
        <circle r="104" class="roulette-wheel-rim" />
        {WHEEL_ORDER.map((n, i) => (
          <g key={n}>
            <path
              d={segmentPath(i, WHEEL_ORDER.length, 100)}
              class={`roulette-pocket roulette-${colourOf(n)}`}
            />
            <text
              class="roulette-pocket-text"
              transform={`rotate(${((i + 0.5) * 360) / WHEEL_ORDER.length}) translate(0 -88)`}
            >
              {n}
            </text>
          </g>
        ))}
        <circle r="66" class="roulette-wheel-hub" />
      </g>
      {props.pocket !== undefined && (
        <text class="roulette-wheel-result" y="0">
          {props.pocket}
        </text>
      )}
      {props.ball && (
        <circle
          class="roulette-ball"
          r="5"
          cx={props.ball.radius * Math.sin((props.ball.angle * Math.PI) / 180)}
          cy={-props.ball.radius * Math.cos((props.ball.angle * Math.PI) / 180)}
        />
      )}
    </svg>
  );
}

/** The ball circles against the wheel and drops from the rim onto the pocket under the top marker. */
function ballAt(elapsed: number): { angle: number; radius: number } {
  const u = Math.min(1, elapsed / SPIN_MS);
  return { angle: -(1 - easeOutCubic(u)) * 1080, radius: u < 0.7 ? 96 : 96 - ((u - 0.7) / 0.3) * 18 };
}

export function Board(props: GameViewProps) {
  const { t, currency } = props;
  const view = props.round?.view as RouletteView | undefined;
  const reveal = useReveal(props, view ? SPIN_MS : 0);
  const bets = readBets(props.params);
  const [chip] = useChip(props);
  const undo = useUndo(props);
  const amounts = useMemo(() => amountsByKey(bets, currency.decimals), [props.params, currency.decimals]);
  const spin = useRef<{ id: string; from: number; to: number } | null>(null);
  if (view && props.round && spin.current?.id !== props.round.id) {
    const from = spin.current?.to ?? 0;
    const offset = decorativeRandom(hashString(props.round.id))() * 0.6 - 0.3;
    spin.current = {
      id: props.round.id,
      from,
      to: spinTarget(
        from,
        WHEEL_ORDER.indexOf(view.pocket as (typeof WHEEL_ORDER)[number]),
        WHEEL_ORDER.length,
        offset,
      ),
    };
  }
  const rotation = spin.current
    ? reveal.done
      ? spin.current.to
      : rotationAt(reveal.elapsed, spin.current.from, spin.current.to)
    : 0;
  const winners = new Set(
    view && reveal.done && mayCelebrate(props)
      ? view.bets.filter((b) => Number(b.multiplier) >= 1).map((b) => betKey(b.kind, b.numbers))
      : [],
  );
  const pocket = view && reveal.done ? view.pocket : undefined;
  const update = (next: WireBet[]) => {
    undo.push(bets);
    props.setParams({ bets: next });
  };
  const disabled = props.busy || !reveal.done;
  return (
    <BoardFrame
      reveal={reveal}
      class="roulette-board"
      label={t("games.roulette.board")}
      {...(view && { result: t("games.roulette.pocketIs", { pocket: view.pocket }) })}
    >
      <div class="roulette-stage">
        <div class="roulette-wheel-wrap">
          <Wheel
            rotation={rotation}
            ball={view ? (reveal.done ? { angle: 0, radius: 78 } : ballAt(reveal.elapsed)) : undefined}
            pocket={pocket}
          />
          <span class="roulette-marker" aria-hidden="true" />
        </div>
        <Layout
          t={t}
          amounts={amounts}
          decimals={currency.decimals}
          locale={props.format.locale}
          winners={winners}
          pocket={pocket}
          disabled={disabled}
          onPlace={(spot) => update(placeChip(bets, spot.bet, chip, currency.decimals))}
          onRemove={(spot) => update(removeBet(bets, spot.bet))}
        />
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t, currency } = props;
  const bets = readBets(props.params);
  const undo = useUndo(props);
  const touch = useCoarsePointer();
  const set = (next: WireBet[]) => {
    undo.push(bets);
    props.setParams({ bets: next });
  };
  return (
    <div class="roulette-controls views-grid">
      <ChipPicker view={props} />
      <div class="views-field">
        <span class="views-label">{t("games.roulette.layoutActions")}</span>
        <div class="roulette-actions">
          <button type="button" disabled={props.busy || !undo.can} onClick={undo.undo}>
            {t("games.roulette.undo")}
          </button>
          <button
            type="button"
            disabled={props.busy || bets.length === 0}
            onClick={() => set(doubleBets(bets, currency.decimals))}
          >
            {t("games.roulette.double")}
          </button>
          <button type="button" disabled={props.busy || bets.length === 0} onClick={() => set([])}>
            {t("games.roulette.clear")}
          </button>
        </div>
        <span class="roulette-hint" data-testid="roulette-hint">
          {t(touch ? "games.roulette.hintTouch" : "games.roulette.hint")}
        </span>
      </div>
    </div>
  );
}

/** One example bet of each kind, with what it pays when it wins and when zero comes (la partage). */
export function ruleRows(): { kind: BetKind; covers: number; multiplier: string; onZero: string }[] {
  return BET_KINDS.map((kind) => {
    const bet =
      LAYOUT.find((b) => b.kind === kind && !b.numbers.includes(0)) ?? LAYOUT.find((b) => b.kind === kind);
    if (!bet) throw new RangeError(`no ${kind} bet on the layout`);
    return {
      kind,
      covers: bet.numbers.length,
      multiplier: toFixedDown(multiplierFor(bet, bet.numbers[0] as number), 4),
      onZero: toFixedDown(multiplierFor(bet, 0), 4),
    };
  });
}

export function Rules(props: GameViewProps) {
  const { t, format } = props;
  return (
    <div class="views-rules roulette-rules">
      <p>{t("games.roulette.rules.intro")}</p>
      <p>{t("games.roulette.rules.partage")}</p>
      <p>{t("games.roulette.rules.controls")}</p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.roulette.bet")}</th>
            <th scope="col">{t("games.roulette.covers")}</th>
            <th scope="col">{t("games.common.multiplier")}</th>
            <th scope="col">{t("games.roulette.onZero")}</th>
          </tr>
        </thead>
        <tbody>
          {ruleRows().map((row) => (
            <tr key={row.kind}>
              <td>{t(KIND_KEYS[row.kind])}</td>
              <td>{format.integer(row.covers)}</td>
              <td>{format.multiplier(row.multiplier)}</td>
              <td>{format.multiplier(row.onZero)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
