/**
 * One finished round on show: the game's own board and settings, read-only and at their final state, the
 * result line, the round's figures, and its fairness data with a verify button that replays the round in
 * this browser. A cancelled round shows no board and no outcome: none was ever drawn.
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { useMemo, useState } from "preact/hooks";
import type { ReplayResponse } from "../api/replay.ts";
import type { Verification } from "../fairness/verify.ts";
import { createFormats, type Formats } from "../i18n/format.ts";
import type { Translate } from "../i18n/index.ts";
import { toMinor } from "../shell/bet-amount.ts";
import { RoundResult } from "../shell/components/RoundResult.tsx";
import { VerificationResult } from "../shell/components/VerificationResult.tsx";
import { outcomeOf, roundMultiplier, trimMultiplier } from "../shell/outcome.ts";
import { createSharedState } from "../views/shared/shared-state.ts";
import type { GameViewModule, GameViewProps } from "../views/types.ts";
import { paramsForReplay } from "./replay-params.ts";

type Closed = Extract<ReplayResponse, { status: "closed" }>;

const minor = (text: string | undefined, decimals: number): bigint => toMinor(text, decimals) ?? 0n;

export function ReplayScreen(props: {
  t: Translate;
  replay: ReplayResponse;
  game: GameInfo;
  view: GameViewModule | null;
}) {
  const { t, replay, game } = props;
  const decimals = resolveCurrency(replay.round.currency)?.decimals ?? 2;
  const format = useMemo(
    () => createFormats(t.language, { code: replay.round.currency, decimals }),
    [t.language, replay.round.currency, decimals],
  );
  return (
    <div class="shell replay" data-testid="replay" data-status={replay.status}>
      <header class="shell-top">
        <h1 class="shell-title">{game.name}</h1>
        <span class="replay-badge">{t("replay.badge")}</span>
      </header>
      {replay.status === "closed" && props.view ? (
        <ClosedRound t={t} format={format} replay={replay} view={props.view} decimals={decimals} />
      ) : (
        <main class="replay-cancelled">
          <p class="verify-result" role="status" data-testid="replay-cancelled">
            {t("replay.cancelled")}
          </p>
          <Facts t={t} format={format} replay={replay} decimals={decimals} />
        </main>
      )}
    </div>
  );
}

function ClosedRound(props: {
  t: Translate;
  format: Formats;
  replay: Closed;
  view: GameViewModule;
  decimals: number;
}) {
  const { t, format, replay, view, decimals } = props;
  const { round } = replay;
  const { Board, Controls } = view;
  const stake = minor(round.stake, decimals);
  const payout = minor(round.payout, decimals);
  const maxWin = minor(replay.maxWin, decimals);
  const limits = { minBet: 1n, maxBet: stake > 0n ? stake : 1n, maxWin };
  const shared = useMemo(() => createSharedState(), []);
  const params = useMemo(
    () => paramsForReplay(view.defaultParams(round.gameCode, { decimals, limits }), round.params, round.view),
    [round, view],
  );
  const multiplier = roundMultiplier({ stake, payout, view: round.view }, view.multiplierOf);
  const closedAt = Date.parse(round.closedAt ?? round.createdAt);
  const viewProps: GameViewProps = {
    gameCode: round.gameCode,
    params,
    setParams: () => {},
    round: {
      id: round.id,
      gameCode: round.gameCode,
      status: "closed",
      stake: round.stake,
      payout: round.payout,
      view: round.view,
      ...(round.note !== undefined && { note: round.note }),
    },
    animate: false,
    onRevealed: () => {},
    act: async () => {},
    refresh: async () => {},
    serverNow: () => closedAt,
    busy: true,
    readOnly: true,
    t,
    currency: { code: round.currency, decimals },
    format,
    formatAmount: format.amount,
    limits,
    shared,
    amount: stake,
  };
  return (
    <main class="shell-main">
      <section class="shell-board" aria-label={t("shell.board.label")}>
        <div class="shell-board-view" inert>
          <Board {...viewProps} />
        </div>
        <RoundResult
          t={t}
          format={format}
          outcome={{ kind: outcomeOf(stake, payout), stake, payout, multiplier }}
        />
      </section>
      <aside class="shell-side replay-side" aria-label={t("replay.detailsLabel")}>
        <Facts
          t={t}
          format={format}
          replay={replay}
          decimals={decimals}
          multiplier={multiplier === undefined ? "-" : format.multiplier(trimMultiplier(multiplier))}
        />
        <fieldset class="replay-settings" disabled inert>
          <legend class="visually-hidden">{t("replay.settingsLabel")}</legend>
          <Controls {...viewProps} />
        </fieldset>
        <Fairness t={t} replay={replay} maxWin={maxWin} />
      </aside>
    </main>
  );
}

function Facts(props: {
  t: Translate;
  format: Formats;
  replay: ReplayResponse;
  decimals: number;
  multiplier?: string;
}) {
  const { t, format, replay, decimals } = props;
  const { round } = replay;
  // In UTC, named: the player and the casino's support read the same time.
  const time = new Intl.DateTimeFormat(format.locale, {
    dateStyle: "medium",
    timeStyle: "long",
    timeZone: "UTC",
  });
  const rows: [string, string, string][] = [
    ["time", t("shell.history.time"), time.format(new Date(round.createdAt))],
    ["stake", t("shell.history.stake"), format.amount(minor(round.stake, decimals))],
  ];
  if (replay.status === "closed") {
    rows.push(["multiplier", t("shell.history.multiplier"), props.multiplier ?? "-"]);
    rows.push(["payout", t("shell.history.payout"), format.amount(minor(replay.round.payout, decimals))]);
  }
  rows.push(["round", t("shell.fair.roundId"), round.id]);
  return (
    <dl class="replay-facts" data-testid="replay-facts">
      {rows.map(([name, label, value]) => (
        <div key={name} class="replay-fact" data-fact={name}>
          <dt>{label}</dt>
          <dd class={name === "round" ? "mono" : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Fairness({ t, replay, maxWin }: { t: Translate; replay: Closed; maxWin: bigint }) {
  const { fairness } = replay.round;
  const [verification, setVerification] = useState<Verification | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      const { verifyRound } = await import("../fairness/verify.ts");
      setVerification(verifyRound(replay.round, { maxWin }));
    } catch {
      setVerification({ status: "failed", reason: "load" });
    } finally {
      setBusy(false);
    }
  };
  const fields: [string, string][] = [
    [t("replay.serverSeedHash"), fairness.serverSeedHash],
    [t("shell.fair.clientSeed"), fairness.clientSeed],
    [t("replay.nonce"), String(fairness.nonce)],
  ];
  return (
    <div class="fair-grid" data-testid="replay-fairness">
      <h2 class="replay-heading">{t("shell.fair.title")}</h2>
      {fields.map(([label, value]) => (
        <div class="field" key={label}>
          <span class="field-label">{label}</span>
          <span class="mono">{value}</span>
        </div>
      ))}
      {fairness.serverSeed === undefined ? (
        <p class="muted" data-testid="replay-unrevealed">
          {t("replay.unrevealed")}
        </p>
      ) : (
        <>
          <div class="field">
            <span class="field-label">{t("shell.fair.serverSeed")}</span>
            <span class="mono" data-testid="replay-server-seed">
              {fairness.serverSeed}
            </span>
          </div>
          <button
            type="button"
            class="button"
            data-testid="replay-verify"
            disabled={busy}
            onClick={() => void verify()}
          >
            {t("shell.fair.verify")}
          </button>
        </>
      )}
      {verification && <VerificationResult t={t} verification={verification} />}
    </div>
  );
}
