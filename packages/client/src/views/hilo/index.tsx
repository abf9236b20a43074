/**
 * HiLo: a card is dealt face up; guess whether the next is higher or lower (each button shows its chance and
 * the multiplier it would reach), skip a card, or cash out. Every card is dealt from an endless deck.
 */
import type { HiloCardView, HiloOption, HiloView } from "@rgs/games/games/hilo/game";
import { MAX_SKIPS } from "@rgs/games/games/hilo/ladder";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutButton, CashOutFigures, LossNote, type PanelState } from "../cashout/panel.tsx";
import { fractionOf, isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import type { GameViewProps } from "../types.ts";
import "./hilo.css";

export const defaultParams = (_gameCode: string): Record<string, never> => ({});

const chanceOf = (fraction: string): number => {
  const parts = fractionOf(fraction);
  return parts ? Number(parts.num) / Number(parts.den) : 0;
};

const hiloRound = (props: GameViewProps) => shownView<HiloView>(props.round, () => true);

const SUITS: Record<string, { symbol: string; key: string; red: boolean }> = {
  spades: { symbol: "♠", key: "games.hilo.suit.spades", red: false },
  hearts: { symbol: "♥", key: "games.hilo.suit.hearts", red: true },
  diamonds: { symbol: "♦", key: "games.hilo.suit.diamonds", red: true },
  clubs: { symbol: "♣", key: "games.hilo.suit.clubs", red: false },
};

const MEANING_KEYS: Record<string, string> = {
  higher: "games.hilo.wins.higher",
  higher_or_same: "games.hilo.wins.higherOrSame",
  lower: "games.hilo.wins.lower",
  lower_or_same: "games.hilo.wins.lowerOrSame",
};

export function Card(props: {
  t: GameViewProps["t"];
  card: HiloCardView | undefined;
  size: "big" | "small";
  mark?: "won" | "lost" | "skip";
}) {
  const { card } = props;
  if (!card)
    return (
      <span
        class={`hilo-card hilo-${props.size} hilo-back`}
        aria-label={props.t("games.hilo.cardBack")}
        role="img"
      />
    );
  const suit = SUITS[card.suit] ?? { symbol: "?", key: "games.hilo.suit.spades", red: false };
  return (
    <span
      class={`hilo-card hilo-${props.size}${suit.red ? " hilo-red" : ""}${props.mark ? ` hilo-${props.mark}` : ""}`}
      role="img"
      aria-label={props.t("games.hilo.cardLabel", { rank: card.rank, suit: props.t(suit.key) })}
    >
      <span class="hilo-rank">{card.rank}</span>
      <span class="hilo-suit">{suit.symbol}</span>
    </span>
  );
}

function GuessButton(props: { view: GameViewProps; option: HiloOption; playable: boolean }) {
  const { t } = props.view;
  const { option } = props;
  return (
    <button
      type="button"
      class={`cashout-step hilo-guess hilo-${option.direction}`}
      data-action={option.direction}
      disabled={!props.playable || !option.allowed || props.view.busy}
      onClick={() => void props.view.act("guess", { direction: option.direction })}
    >
      {option.direction === "higher" ? "▲ " : "▼ "}
      {t(MEANING_KEYS[option.wins] ?? "games.hilo.wins.higher")}
      <small>
        {t("games.hilo.odds", {
          chance: props.view.format.percent(percentOf(option.winChance)),
          multiplier: props.view.format.multiplier(shortMultiplier(option.multiplier)),
        })}
      </small>
    </button>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = hiloRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const previous = view ? view.history.slice(0, -1) : [];
  const last = view?.history.at(-1);
  return (
    <CashOutBoard view={props} class="hilo-board" label={t("games.hilo.board")}>
      <div class="hilo-table">
        <span class="hilo-deck" aria-hidden="true">
          <span class="hilo-card hilo-big hilo-back" />
        </span>
        <span class="hilo-current" key={view?.history.length ?? 0}>
          <Card t={t} card={view?.card} size="big" mark={last?.won === false ? "lost" : undefined} />
        </span>
      </div>
      <div class="cashout-steps">
        {(view?.options ?? []).map((option) => (
          <GuessButton key={option.direction} view={props} option={option} playable={open} />
        ))}
        <button
          type="button"
          class="cashout-step hilo-skip"
          data-action="skip"
          disabled={!open || !view?.actions.includes("skip") || props.busy}
          onClick={() => void props.act("skip")}
        >
          {t("games.hilo.skip")}
          <small>{t("games.hilo.skipsLeft", { count: view?.skipsLeft ?? MAX_SKIPS })}</small>
        </button>
      </div>
      {previous.length > 0 && (
        <ol class="hilo-history" aria-label={t("games.hilo.history")}>
          {view?.history.map((draw, i) => (
            <li key={i}>
              <Card
                t={t}
                card={draw}
                size="small"
                mark={
                  draw.via === "skip"
                    ? "skip"
                    : draw.won === true
                      ? "won"
                      : draw.won === false
                        ? "lost"
                        : undefined
                }
              />
            </li>
          ))}
        </ol>
      )}
      {!view && <p class="cashout-hint">{t("games.hilo.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.hilo.lost")} />
    </CashOutBoard>
  );
}

function panelState(view: HiloView | undefined): PanelState | undefined {
  // The likelier guess is the "next" step a player most often takes.
  const best = view?.options
    .filter((o) => o.allowed)
    .sort((a, b) => chanceOf(b.winChance) - chanceOf(a.winChance))[0];
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.correctGuesses > 0 ? view.multiplier : null,
      multiplierExact: view.correctGuesses > 0 ? view.multiplierExact : null,
      next: best && { multiplier: best.multiplier, chance: percentOf(best.winChance) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}

export function Controls(props: GameViewProps) {
  return (
    <div class="hilo-controls">
      <CashOutFigures view={props} state={panelState(hiloRound(props))} />
    </div>
  );
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={panelState(hiloRound(props))} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  return (
    <div class="views-rules hilo-rules">
      <p>{t("games.hilo.rules.intro")}</p>
      <p>{t("games.hilo.rules.edges")}</p>
      <p>{t("games.hilo.rules.value")}</p>
    </div>
  );
}
