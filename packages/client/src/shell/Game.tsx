/**
 * The game screen: the view's board and controls, the bet amount and play control, autobet, and the
 * panels (recent rounds, rules, fairness). Owns the round flow: play, reveal, settle, errors.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameApi } from "../api/client.ts";
import { ApiError } from "../api/errors.ts";
import type { CurrentState } from "../api/types.ts";
import type { Translate } from "../i18n/index.ts";
import type { GameViewModule, GameViewProps, RoundLike } from "../views/types.ts";
import { type AutobetProgress, type AutobetSettings, afterRound, startAutobet } from "./autobet.ts";
import { BetPanel } from "./BetPanel.tsx";
import { applyPreset, checkAmount, checkStake, type Preset, toMinor, toText } from "./bet-amount.ts";
import { isShortcutTarget } from "./keyboard.ts";
import { formatMoney } from "./money.ts";
import { type Notice, noticeFor } from "./notice.ts";
import { Panels } from "./Panels.tsx";
import { loadPreferences, type Preferences, savePreferences } from "./preferences.ts";
import { useSessionRefresh } from "./refresh.ts";
import {
  autobetApplies,
  endsRound,
  inProgress,
  nextShown,
  noteKey,
  readRound,
  roundLike,
  singleFlight,
} from "./round-flow.ts";
import type { SessionView } from "./session.ts";
import { SoundBoard } from "./sound.ts";
import { TopBar } from "./TopBar.tsx";

export interface GameProps {
  api: GameApi;
  t: Translate;
  language: string;
  session: SessionView;
  initial: CurrentState;
  view: GameViewModule;
  lobbyUrl: string | null;
}

/** A view that never reports its reveal must not freeze the game. */
const REVEAL_TIMEOUT_MS = 12_000;
const SETTLE_POLL_MS = [1000, 2000, 3000, 5000, 8000];

/** What one bet came to: the round it opened, or its stake and payout once shown. */
type PlayOutcome =
  | { open: true }
  | {
      open: false;
      stake: bigint;
      payout: bigint /** Resolves once a payout still being delivered is booked. */;
      settled: Promise<void>;
    };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function Game(props: GameProps) {
  const { api, t, session, view } = props;
  const { Board, Controls } = view;
  // Without a session description from the server, the currency code is learnt from the first round seen.
  const [learntCode, setLearntCode] = useState(() => props.initial.round?.currency ?? "");
  const currency = useMemo(
    () => (session.currency.code ? session.currency : { ...session.currency, code: learntCode }),
    [session.currency, learntCode],
  );

  const [balance, setBalance] = useState<bigint | null>(
    () => toMinor(props.initial.balance, currency.decimals) ?? null,
  );
  const [round, setRound] = useState<RoundLike | null>(() =>
    props.initial.round ? roundLike(props.initial.round) : null,
  );
  // The round on show as the latest answer left it, for answers that arrive while a render is pending.
  const roundRef = useRef(round);
  const [params, setParams] = useState<unknown>(() => view.defaultParams(session.gameCode));
  const [amountText, setAmountText] = useState(() => toText(session.limits.minBet, currency.decimals));
  const [busy, setBusy] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [skip, setSkip] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [ended, setEnded] = useState(false);
  const [preferences, setPreferences] = useState<Preferences>(() => loadPreferences());
  const [autobet, setAutobet] = useState<AutobetProgress | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [lastResult, setLastResult] = useState<{ won: boolean; payout: string } | null>(null);

  const sound = useMemo(() => new SoundBoard(preferences.sound), []);
  sound.enabled = preferences.sound;
  const revealed = useRef<(() => void) | null>(null);
  const stopAutobet = useRef(false);
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const money = useCallback(
    (minor: bigint) => formatMoney(minor, currency, props.language),
    [currency, props.language],
  );
  const formatAmount = useCallback(
    (minor: string | bigint) => money(typeof minor === "bigint" ? minor : BigInt(minor)),
    [money],
  );
  const formatDecimal = useCallback(
    (amount: string) => {
      const read = toMinor(amount, currency.decimals);
      return read === undefined ? amount : money(read);
    },
    [currency.decimals, money],
  );
  const noticeContext = useMemo(
    () => ({
      t,
      minBet: money(session.limits.minBet),
      maxBet: money(session.limits.maxBet),
      maxWin: money(session.maxWin),
    }),
    [t, session, money],
  );

  const endSession = useCallback(() => setEnded(true), []);
  useSessionRefresh(api, session.expiresAt, endSession);

  const updatePreferences = (next: Preferences) => {
    setPreferences(next);
    savePreferences(next);
  };

  // Roulette and baccarat stake the bets of their params (the server ignores `amount` for them): their total
  // replaces the amount field, is checked against the limits and is sent as `amount`.
  const stakeFromParams = view.stakeFromParams;
  const amountCheck = stakeFromParams
    ? checkStake(stakeFromParams(params, currency.decimals), session.limits)
    : checkAmount(amountText, currency.decimals, session.limits);

  const showError = useCallback(
    (error: unknown) => {
      sound.play("error");
      if (error instanceof ApiError && error.sessionEnded) {
        setEnded(true);
        return;
      }
      setNotice(
        error instanceof ApiError
          ? noticeFor(error, noticeContext)
          : { text: t("shell.error.generic"), tone: "error" },
      );
    },
    [noticeContext, sound, t],
  );

  /** Waits for the view to finish showing the round (or the safety time-out). */
  const waitForReveal = useCallback(() => {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, REVEAL_TIMEOUT_MS);
      function done() {
        clearTimeout(timer);
        revealed.current = null;
        resolve();
      }
      revealed.current = done;
    });
  }, []);

  const onRevealed = useCallback(() => revealed.current?.(), []);

  const setBalanceText = useCallback(
    (text: string | null | undefined) => {
      const read = text === null || text === undefined ? undefined : toMinor(text, currency.decimals);
      if (read !== undefined) setBalance(read);
    },
    [currency.decimals],
  );

  // The round flow below calls itself back (a round that ends may still be settling, which ends in a round
  // to show): each step reads the others through this ref, so every call sees the latest render's values.
  const flow = useRef({
    showRound: (incoming: RoundLike): RoundLike => incoming,
    announceEnd: (_ended: RoundLike): Promise<void> => Promise.resolve(),
    watchSettling: (_roundId: string): Promise<void> => Promise.resolve(),
  });
  const watching = useRef(new Map<string, Promise<void>>());

  /** Tells the player how a round ended: the sound, the win on the balance, a note, and the payout's delivery. */
  const announceEnd = (ended: RoundLike): Promise<void> => {
    const stake = toMinor(ended.stake, currency.decimals) ?? 0n;
    const payout = toMinor(ended.payout, currency.decimals) ?? 0n;
    const won = payout > stake;
    sound.play(won ? "win" : "lose");
    setLastResult({ won, payout: money(payout) });
    const key = noteKey(ended.note);
    if (key) setNotice({ text: t(key, { maxWin: noticeContext.maxWin ?? "-" }), tone: "info" });
    setHistoryVersion((v) => v + 1);
    return ended.status === "settling" ? flow.current.watchSettling(ended.id) : Promise.resolve();
  };

  /** Shows a round the server sent; announces its end when it closes the round on show. */
  const showRound = (incoming: RoundLike): RoundLike => {
    const previous = roundRef.current;
    const next = nextShown(previous, incoming);
    roundRef.current = next;
    setRound(next);
    if (endsRound(previous, next)) void announceEnd(next);
    return next;
  };

  /**
   * A round whose payout or refund is still on its way to the wallet: its outcome is shown already; poll
   * until the server has settled it, then show the final record and balance.
   */
  const watchSettling = (roundId: string): Promise<void> => {
    const running = watching.current.get(roundId);
    if (running) return running;
    const watch = (async () => {
      setNotice({ text: t("shell.notice.settling"), tone: "info" });
      for (let attempt = 0; ; attempt++) {
        await sleep(SETTLE_POLL_MS[Math.min(attempt, SETTLE_POLL_MS.length - 1)] as number);
        let current: CurrentState;
        try {
          current = await api.current();
        } catch (error) {
          if (error instanceof ApiError && error.sessionEnded) return showError(error);
          continue;
        }
        if (current.round?.id === roundId && current.round.status !== "closed") continue;
        setBalanceText(current.balance);
        try {
          flow.current.showRound(roundLike(await api.round(roundId)));
        } catch {
          // The outcome shown stays; the history has the final record.
        }
        setNotice(null);
        setHistoryVersion((v) => v + 1);
        return;
      }
    })().finally(() => watching.current.delete(roundId));
    watching.current.set(roundId, watch);
    return watch;
  };
  flow.current = { showRound, announceEnd, watchSettling };

  /** Re-reads the server's state: the balance, and the round on show (or one that started unseen). */
  const resync = useCallback(async (): Promise<CurrentState | undefined> => {
    try {
      const current = await api.current();
      setBalanceText(current.balance);
      if (current.round) flow.current.showRound(roundLike(current.round));
      return current;
    } catch (error) {
      showError(error);
      return undefined;
    }
  }, [api, setBalanceText, showError]);

  // A stable function for the views: a flight polls it every second while it is in the air.
  const refresh = useMemo(
    () =>
      singleFlight(async () => {
        try {
          const read = await readRound(api, roundRef.current);
          setBalanceText(read.balance);
          if (read.round) flow.current.showRound(roundLike(read.round));
        } catch (error) {
          // A poll that fails is followed by the next one; only a session that ended needs saying.
          if (error instanceof ApiError && error.sessionEnded) showErrorRef.current(error);
        }
      }),
    [api],
  );
  const showErrorRef = useRef(showError);
  showErrorRef.current = showError;

  useEffect(() => {
    const initial = props.initial.round;
    if (initial?.status === "settling") void flow.current.watchSettling(initial.id);
    if (props.initial.balance === null)
      setNotice({ text: t("shell.notice.balanceUnavailable"), tone: "info" });
  }, []);

  /** One bet: the round it opened, or its stake and payout once shown; undefined when it did not happen. */
  const playRound = useCallback(
    async (amount: bigint, roundParams: unknown): Promise<PlayOutcome | undefined> => {
      setNotice(null);
      setLastResult(null);
      setBusy(true);
      setSkip(false);
      sound.play("bet");
      const before = balance;
      if (before !== null) setBalance(before - amount);
      try {
        const result = await api.play(toText(amount, currency.decimals), roundParams);
        if (!currency.code) setLearntCode(result.round.currency);
        const reveal = waitForReveal();
        setRevealing(true);
        const shown = flow.current.showRound(roundLike(result.round));
        await reveal;
        setRevealing(false);
        const stake = toMinor(result.round.stake, currency.decimals) ?? amount;
        const payout = toMinor(result.round.payout, currency.decimals) ?? 0n;
        const after = toMinor(result.balance, currency.decimals);
        if (after !== undefined) setBalance(after);
        else if (before !== null) setBalance(before - stake + payout);
        if (shown.status === "open") return { open: true };
        return { open: false, stake, payout, settled: flow.current.announceEnd(shown) };
      } catch (error) {
        setRevealing(false);
        if (before !== null) setBalance(before);
        showError(error);
        if (
          error instanceof ApiError &&
          (error.code === "wallet_unavailable" ||
            error.code === "round_initializing" ||
            error.code === "active_round_exists")
        ) {
          const current = await resync();
          if (current?.round && current.round.status !== "open")
            void flow.current.watchSettling(current.round.id);
        } else if (error instanceof ApiError && error.kind === "network") {
          await resync();
        }
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [api, balance, currency.decimals, resync, showError, sound, waitForReveal],
  );

  const roundStatus = round && inProgress(round) ? (round.status as "open" | "settling") : null;
  const choiceMissing = view.missingChoice?.(params);
  const canBet = !busy && !ended && roundStatus === null && choiceMissing === undefined;
  const autobetAvailable = autobetApplies(session.category, view.resolvesAtOnce, params);

  const playManual = useCallback(() => {
    if (!canBet || !amountCheck.ok) return;
    void playRound(amountCheck.minor, paramsRef.current);
  }, [amountCheck, canBet, playRound]);

  const runAutobet = useCallback(
    async (settings: AutobetSettings) => {
      if (!amountCheck.ok || !canBet || !autobetAvailable) return;
      const limits = session.limits;
      stopAutobet.current = false;
      let progress = startAutobet(amountCheck.minor);
      // Games staking their params' bets raise or reset those bets, scaled from the layout autobet started with.
      const baseParams = paramsRef.current;
      let roundParams = baseParams;
      let roundAmount = progress.amount;
      setAutobet(progress);
      while (!stopAutobet.current) {
        const outcome = await playRound(roundAmount, roundParams);
        if (!outcome || outcome.open) break;
        // The next bet waits for a payout still being booked: the server takes one round at a time.
        await outcome.settled;
        const next = afterRound(settings, progress, outcome, limits);
        progress = next.progress;
        setAutobet(progress);
        if (stakeFromParams) {
          roundParams =
            progress.amount === progress.baseAmount || !view.scaleStake
              ? baseParams
              : view.scaleStake(baseParams, progress.amount, currency.decimals);
          roundAmount = stakeFromParams(roundParams, currency.decimals) ?? progress.amount;
          setParams(roundParams);
        } else {
          roundAmount = progress.amount;
          roundParams = paramsRef.current;
          setAmountText(toText(progress.amount, currency.decimals));
        }
        if (next.stop) {
          setNotice({
            text: t(`shell.autobet.stopped.${next.stop}`, { count: progress.played }),
            tone: "info",
          });
          break;
        }
        await sleep(preferences.animations ? 250 : 60);
      }
      setAutobet(null);
    },
    [
      amountCheck,
      autobetAvailable,
      canBet,
      currency.decimals,
      playRound,
      preferences.animations,
      session.limits,
      stakeFromParams,
      t,
      view,
    ],
  );

  const onPreset = (preset: Preset) => {
    setAmountText(toText(applyPreset(amountCheck.minor, preset, session.limits), currency.decimals));
  };

  // Space or Enter plays (or skips the running animation) unless the focus is on a control that uses the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        (event.key !== " " && event.key !== "Enter") ||
        event.repeat ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      )
        return;
      if (!isShortcutTarget(event.target)) return;
      event.preventDefault();
      if (revealing && !autobet) setSkip(true);
      else document.querySelector<HTMLButtonElement>('[data-shortcut="play"]:not(:disabled)')?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [autobet, revealing]);

  const inputsBusy = busy || autobet !== null || ended;
  const viewProps: GameViewProps = {
    gameCode: session.gameCode,
    params,
    setParams,
    round,
    animate: preferences.animations && !skip,
    onRevealed,
    act: async (action, actionParams) => {
      const shown = roundRef.current;
      if (shown?.status !== "open") return;
      setBusy(true);
      try {
        const result = await api.act(shown.id, action, actionParams);
        setBalanceText(result.balance);
        if (flow.current.showRound(roundLike(result.round)).status === "open") sound.play("tick");
      } catch (error) {
        // The server's clock may have ended the round first (a flight that crashed): show how it ended.
        if (error instanceof ApiError && error.code === "round_closed") await refresh();
        else showError(error);
      } finally {
        setBusy(false);
      }
    },
    refresh,
    serverNow: () => api.clock.now(),
    busy: inputsBusy,
    t,
    currency,
    formatAmount,
    ...(amountCheck.ok && { amount: amountCheck.minor }),
  };

  return (
    <div class={roundStatus === "open" ? "shell is-round-open" : "shell"}>
      <TopBar
        t={t}
        gameName={
          t(`games.${session.slug}.name`) === `games.${session.slug}.name`
            ? session.gameName
            : t(`games.${session.slug}.name`)
        }
        demo={session.demo}
        balance={balance === null ? null : money(balance)}
        won={lastResult?.won ?? false}
        lobbyUrl={props.lobbyUrl}
        preferences={preferences}
        onPreferences={updatePreferences}
      />
      <main class="shell-main">
        <section class="shell-board" aria-label={t("shell.board.label")} aria-busy={revealing}>
          <Board {...viewProps} />
          <p class="visually-hidden" role="status">
            {lastResult?.won ? t("shell.result.won", { amount: lastResult.payout }) : ""}
          </p>
        </section>
        <aside class="shell-side" aria-label={t("shell.controls.label")}>
          {notice && (
            <div
              class={notice.tone === "info" ? "notice is-info" : "notice"}
              role={notice.tone === "error" ? "alert" : "status"}
            >
              <span>{notice.text}</span>
              <span class="notice-actions">
                {notice.retry && (
                  <button
                    type="button"
                    class="button"
                    onClick={() => {
                      setNotice(null);
                      void resync();
                    }}
                  >
                    {t("shell.action.retry")}
                  </button>
                )}
                <button
                  type="button"
                  class="button button-ghost button-icon"
                  aria-label={t("shell.action.dismiss")}
                  onClick={() => setNotice(null)}
                >
                  ×
                </button>
              </span>
            </div>
          )}
          <Controls {...viewProps} />
          <BetPanel
            t={t}
            currency={currency}
            amountText={amountText}
            stakeFromParams={stakeFromParams !== undefined}
            onAmountText={setAmountText}
            amountCheck={amountCheck}
            limits={session.limits}
            formatLimit={money}
            onPreset={onPreset}
            busy={inputsBusy}
            playing={busy}
            roundStatus={roundStatus}
            choiceHint={choiceMissing === undefined ? undefined : t(choiceMissing)}
            autobetAvailable={autobetAvailable}
            autobet={autobet}
            onPlay={playManual}
            onStartAutobet={(settings) => void runAutobet(settings)}
            onStopAutobet={() => {
              stopAutobet.current = true;
            }}
          />
        </aside>
      </main>
      <Panels
        t={t}
        api={api}
        session={session}
        view={view}
        viewProps={viewProps}
        historyVersion={historyVersion}
        formatAmount={formatAmount}
        formatDecimal={formatDecimal}
        language={props.language}
        onError={showError}
      />
      {ended && (
        <div class="overlay" role="alertdialog" aria-labelledby="ended-title">
          <div class="dialog">
            <h2 id="ended-title">{t("shell.ended.title")}</h2>
            <p>{t("shell.error.session_expired")}</p>
            {props.lobbyUrl && (
              <a class="button play-button" href={props.lobbyUrl} target="_top" rel="noreferrer noopener">
                {t("shell.lobby.label")}
              </a>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
