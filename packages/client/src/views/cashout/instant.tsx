/**
 * What the grid games share (Mines, Mines Mania, Towers): the choice between playing step by step and instant
 * mode, and in instant mode the picks made before the bet (how many, what they pay if every one is safe, a
 * random pick, clearing them), and which round the board shows while the player picks again.
 */
import type { GameDefinition } from "@rgs/games/model";
import { useRef } from "preact/hooks";
import { Choice, Stat } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
import type { GameViewProps, RoundLike } from "../types.ts";
import { isOpen, shortMultiplier } from "./round.ts";

/** Step by step, or instant (the picks played in the bet itself). */
export function PlayMode(props: { view: GameViewProps; instant: boolean; onChange(instant: boolean): void }) {
  const { t, busy, round } = props.view;
  return (
    <Choice
      label={t("games.cashout.mode")}
      value={props.instant ? "instant" : "steps"}
      options={[
        { value: "steps", label: t("games.cashout.mode.steps") },
        { value: "instant", label: t("games.cashout.mode.instant") },
      ]}
      disabled={busy || isOpen(round)}
      onChange={(mode) => props.onChange(mode === "instant")}
    />
  );
}

/**
 * Whether the player is picking for an instant bet, and the round the board shows meanwhile: a finished round
 * stays on the board until the picks it was played with change.
 */
export function usePicking<V>(
  props: Pick<GameViewProps, "round" | "params">,
  instant: boolean,
  shown: V | undefined,
): { picking: boolean; view: V | undefined } {
  const picking = instant && !isOpen(props.round) && props.round?.status !== "settling";
  const playedWith = useRef<{ id: string; params: unknown } | null>(null);
  const round: RoundLike | null = props.round;
  if (round && playedWith.current?.id !== round.id)
    playedWith.current = { id: round.id, params: props.params };
  return { picking, view: picking && playedWith.current?.params !== props.params ? undefined : shown };
}

/** Instant mode before the bet: the picks, what they pay if every one is safe, its chance, and the pick buttons. */
export function InstantPicks<P>(props: {
  view: GameViewProps;
  game: Pick<GameDefinition<P>, "parseParams" | "maxPayout">;
  /** "3 of 22 tiles picked", in the game's words. */
  countText: string;
  /** The rung the picks reach, when there is at least one. */
  rung: { multiplier: string; chance: string } | undefined;
  canPick: boolean;
  onRandom(): void;
  onClear(): void;
  empty: boolean;
}) {
  const { t, format, busy } = props.view;
  return (
    <div class="cashout-panel cashout-instant">
      <div class="cashout-figures">
        <Stat label={t("games.cashout.picked")}>
          <span data-testid="picked-count">{props.countText}</span>
        </Stat>
        <Stat label={t("games.cashout.ifAllSafe")}>
          {props.rung
            ? t("games.cashout.nextWithChance", {
                multiplier: format.multiplier(shortMultiplier(props.rung.multiplier)),
                chance: format.percent(props.rung.chance),
              })
            : "-"}
        </Stat>
      </div>
      <PayoutStat game={props.game} view={props.view} kind="onWin" />
      <div class="cashout-instant-actions">
        <button
          type="button"
          class="cashout-step"
          data-testid="random-tile"
          disabled={busy || !props.canPick}
          onClick={props.onRandom}
        >
          {t("games.cashout.randomPick")}
        </button>
        <button
          type="button"
          class="cashout-step"
          data-testid="clear-picks"
          disabled={busy || props.empty}
          onClick={props.onClear}
        >
          {t("games.cashout.clearPicks")}
        </button>
      </div>
    </div>
  );
}
