/**
 * Coinflip: call heads or tails; each right call doubles the streak's value (at the game's RTP), up to 20 flips.
 * The coin spins and lands on the server's side; the streak ladder shows how far the player has come.
 */
import type { CoinflipView } from "@rgs/games/games/coinflip/game";
import { MAX_FLIPS, multiplierAt, SIDES, type Side } from "@rgs/games/games/coinflip/ladder";
import { toFixedDown } from "@rgs/games/math/rational";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { CashOutButton, CashOutFigures, LossNote, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { LadderTable } from "../shared/ladder-table.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import "./coinflip.css";

export const defaultParams = (_gameCode: string): Record<string, never> => ({});

const coinflipRound = (props: GameViewProps) => shownView<CoinflipView>(props.round, () => true);

const SIDE_KEYS: Record<Side, string> = { heads: "games.coinflip.heads", tails: "games.coinflip.tails" };

/** Multipliers of streaks 1 to 20 at this code's RTP. */
export function coinLadder(gameCode: string): string[] {
  const rtp = rtpOf(gameCode);
  return rtp ? Array.from({ length: MAX_FLIPS }, (_, i) => toFixedDown(multiplierAt(rtp, i + 1), 4)) : [];
}

/** The coin: spins a number of half turns that lands it on the flip's side (heads up at rest). */
export function Coin(props: { side: Side | undefined; flip: number; t: GameViewProps["t"] }) {
  const landing = props.side === "tails" ? "coinflip-land-tails" : "coinflip-land-heads";
  return (
    <div class="coinflip-stage">
      <div
        key={props.flip}
        class={`coinflip-coin ${props.flip > 0 ? landing : ""}`}
        role="img"
        aria-label={props.side ? props.t(SIDE_KEYS[props.side]) : props.t("games.coinflip.coin")}
        data-side={props.side ?? "none"}
      >
        <span class="coinflip-face coinflip-heads">H</span>
        <span class="coinflip-face coinflip-tails">T</span>
      </div>
      <span class="coinflip-shadow" key={`s${props.flip}`} />
    </div>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = coinflipRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const last = view?.flips.at(-1);
  return (
    <CashOutBoard view={props} class="coinflip-board" label={t("games.coinflip.board")}>
      <Coin side={last?.result} flip={view?.flips.length ?? 0} t={t} />
      <div class="cashout-steps">
        {SIDES.map((side) => (
          <button
            key={side}
            type="button"
            class={`cashout-step coinflip-call coinflip-call-${side}`}
            data-action={side}
            disabled={!open || props.busy}
            onClick={() => void props.act("flip", { side })}
          >
            {t(SIDE_KEYS[side])}
            <small>
              {view?.next
                ? `${props.format.multiplier(shortMultiplier(view.next.multiplier))} · ${props.format.percent(percentOf(view.next.winChance))}`
                : " "}
            </small>
          </button>
        ))}
      </div>
      <Ladder
        label={t("games.cashout.ladder")}
        format={props.format}
        multipliers={coinLadder(props.gameCode).map(shortMultiplier)}
        reached={view?.streak ?? 0}
        failed={view?.status === "lost"}
      />
      {view && view.flips.length > 0 && (
        <ol class="coinflip-flips" aria-label={t("games.coinflip.flips")}>
          {view.flips.map((flip, i) => (
            <li key={i} class={flip.call === flip.result ? "cashout-won" : "cashout-lost"}>
              {t(flip.result === "heads" ? "games.coinflip.headsShort" : "games.coinflip.tailsShort")}
            </li>
          ))}
        </ol>
      )}
      {!view && <p class="cashout-hint">{t("games.coinflip.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.coinflip.lost")} />
    </CashOutBoard>
  );
}

function panelState(view: CoinflipView | undefined): PanelState | undefined {
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.streak > 0 ? view.multiplier : null,
      multiplierExact: view.streak > 0 ? view.multiplierExact : null,
      next: view.next && { multiplier: view.next.multiplier, chance: percentOf(view.next.winChance) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}

export function Controls(props: GameViewProps) {
  return <CashOutFigures view={props} state={panelState(coinflipRound(props))} />;
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={panelState(coinflipRound(props))} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const ladder = coinLadder(props.gameCode);
  return (
    <div class="views-rules coinflip-rules">
      <p>{t("games.coinflip.rules.intro", { max: MAX_FLIPS })}</p>
      <LadderTable
        view={props}
        stepLabel={t("games.coinflip.rules.streak")}
        rungs={ladder.map((multiplier, i) => ({ multiplier, chance: percentOf(`1/${2 ** (i + 1)}`) }))}
      />
    </div>
  );
}
