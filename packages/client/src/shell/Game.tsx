/**
 * The game screen, composed from the shell's hooks: the balance, the round flow, the bet amount, autobet, the
 * preferences and the play shortcut; the view's board, settings and moves get everything through their props.
 * On a phone the balance, the board and the main action share the first screen (styles/shell.css); a bet
 * placed with the board scrolled away brings it back into view so the result lands where it is seen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameApi } from "../api/client.ts";
import type { CurrentState } from "../api/types.ts";
import { createFormats } from "../i18n/format.ts";
import type { Translate } from "../i18n/index.ts";
import { createSharedState } from "../views/shared/shared-state.ts";
import type { GameViewModule, GameViewProps } from "../views/types.ts";
import { type Cover, coverStake } from "./balance-guard.ts";
import { AutobetForm, useAutobetForm } from "./components/AutobetForm.tsx";
import { BetAction } from "./components/BetAction.tsx";
import { BetHead, type BetMode } from "./components/BetHead.tsx";
import { Panels } from "./components/Panels.tsx";
import { RoundResult } from "./components/RoundResult.tsx";
import { SafetyMenu } from "./components/SafetyMenu.tsx";
import { SessionEnded } from "./components/SessionEnded.tsx";
import { SessionFigures } from "./components/SessionFigures.tsx";
import { TopBar } from "./components/TopBar.tsx";
import { useAutobet } from "./hooks/use-autobet.ts";
import { useBalance } from "./hooks/use-balance.ts";
import { useBetAmount } from "./hooks/use-bet-amount.ts";
import { freeRoundLabel, resumedFreeRound, useFreeRounds } from "./hooks/use-free-rounds.ts";
import { useFreeRoundsScreens } from "./hooks/use-free-rounds-screens.ts";
import { useNotices } from "./hooks/use-notice.ts";
import { usePlayShortcut } from "./hooks/use-play-shortcut.ts";
import { usePreferences } from "./hooks/use-preferences.ts";
import { useProtection } from "./hooks/use-protection.ts";
import { useRealityCheckDialog } from "./hooks/use-reality-check-dialog.ts";
import { type PlayOutcome, useRoundFlow } from "./hooks/use-round-flow.ts";
import { useRoundPace } from "./hooks/use-round-pace.ts";
import { useScreenFit } from "./hooks/use-screen-fit.ts";
import { useSessionRefresh } from "./hooks/use-session-refresh.ts";
import { autobetApplies } from "./round-flow.ts";
import type { SessionView } from "./session.ts";
import { SoundBoard } from "./sound.ts";

export interface GameProps {
  api: GameApi;
  t: Translate;
  session: SessionView;
  initial: CurrentState;
  view: GameViewModule;
}

/** Brings the board back into view when the page is scrolled past it (the result lands there). */
function revealBoard(board: HTMLElement | null, top: HTMLElement | null, smooth: boolean) {
  if (!board) return;
  const rect = board.getBoundingClientRect();
  const covered = top?.getBoundingClientRect().bottom ?? 0;
  if (rect.top >= covered && rect.bottom <= window.innerHeight) return;
  window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
}

export function Game(props: GameProps) {
  const { api, t, session, view } = props;
  const { Board, Controls, Actions } = view;
  const { currency, limits, features, protection } = session;
  const format = useMemo(() => createFormats(t.language, currency), [t.language, currency]);
  const shared = useMemo(() => createSharedState(), []);
  const refs = { shell: useRef<HTMLDivElement>(null), top: useRef<HTMLElement>(null) };
  const fit = {
    top: refs.top,
    head: useRef<HTMLDivElement>(null),
    action: useRef<HTMLDivElement>(null),
  };
  const board = useRef<HTMLElement>(null);
  useScreenFit(refs.shell, fit);

  const { preferences, update: updatePreferences, motion } = usePreferences(features.fastPlay);
  const sound = useMemo(() => new SoundBoard(preferences.sound), []);
  sound.enabled = preferences.sound;

  const maxWinText = format.amount(limits.maxWin);
  const notices = useNotices(
    t,
    { minBet: format.amount(limits.minBet), maxBet: format.amount(limits.maxBet), maxWin: maxWinText },
    () => sound.play("error"),
  );
  useSessionRefresh(api, session.expiresAt, notices.end);
  const balance = useBalance(api, props.initial.balance, currency.decimals);
  const serverNow = useCallback(() => api.clock.now(), [api]);
  const pace = useRoundPace({
    minRoundMs: protection.minRoundMs,
    initialUntil: protection.nextRoundAt,
    now: serverNow,
  });
  const [stopped, setStopped] = useState(false);
  const [idle, setIdle] = useState(() => props.initial.round === null);
  const guard = useProtection({
    api,
    protection,
    decimals: currency.decimals,
    idle,
    onNextRoundAt: (at) => pace.hold(at - serverNow()),
    onError: notices.showError,
  });
  const flow = useRoundFlow({
    api,
    t,
    decimals: currency.decimals,
    initial: props.initial,
    balance,
    notices,
    sound,
    maxWinText,
    ...(view.multiplierOf && { multiplierOf: view.multiplierOf }),
    onBet: () => revealBoard(board.current, refs.top.current, motion),
    onStarted: pace.started,
    onEnded: (stake, payout, freeRound) => {
      guard.roundEnded(stake, payout);
      if (freeRound) free.ended(payout);
    },
    onRefused: (error) => {
      if (error.code === "round_too_soon") pace.hold(error.details.retryAfterMs ?? 1000);
      else if (error.code === "no_free_rounds") free.lapsed();
      else if (error.code === "reality_check_due") guard.due(error.details);
      else return false;
      return true;
    },
  });
  const realityCheck = useRealityCheckDialog(
    protection.realityCheckDueAt !== null || guard.check !== null,
    notices.showError,
  );
  const flowIdle = !flow.busy && flow.inProgress === null;
  useEffect(() => setIdle(flowIdle), [flowIdle]);

  const [params, setParams] = useState<unknown>(() =>
    view.defaultParams(session.gameCode, { decimals: currency.decimals, limits }),
  );
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const amount = useBetAmount({
    view,
    gameCode: session.gameCode,
    params,
    locale: format.locale,
    decimals: currency.decimals,
    limits,
  });

  const free = useFreeRounds({
    api,
    t,
    decimals: currency.decimals,
    initial: props.initial.freeRounds,
    resumed: resumedFreeRound(props.initial.round),
    notices,
    social: protection.social,
    fix(bet, fixedParams) {
      const own = { text: amount.text, params: paramsRef.current };
      amount.setMinor(bet);
      if (fixedParams !== undefined) setParams(fixedParams);
      return () => {
        amount.setText(own.text);
        setParams(own.params);
      };
    },
  });
  const freePlay = free.phase === "playing";
  const freeScreens = useFreeRoundsScreens(free.phase !== "none", notices.showError);

  /**
   * One bet, refused before it is sent when the balance cannot cover it: the balance shown may be stale (the
   * casino's wallet moves it too), so it is read again first, and the server stays the authority.
   */
  const placeBet = useCallback(
    async (stake: bigint, betParams: unknown): Promise<PlayOutcome | undefined> => {
      let cover: Cover;
      try {
        cover = await coverStake(stake, balance.current(), balance.refresh);
      } catch (error) {
        notices.showError(error);
        return undefined;
      }
      if (!cover.covered) {
        sound.play("error");
        notices.show({
          text: t("shell.bet.notEnoughBalance", {
            stake: format.amount(stake),
            balance: format.amount(cover.balance),
          }),
          tone: "error",
        });
        return undefined;
      }
      return flow.play(stake, betParams);
    },
    [balance, flow.play, format, notices, sound, t],
  );

  const [chosenMode, setMode] = useState<BetMode>("manual");
  const autobetForm = useAutobetForm(format.locale, currency.decimals);
  const autobet = useAutobet({
    t,
    view,
    decimals: currency.decimals,
    limits,
    notices,
    play: placeBet,
    params: () => paramsRef.current,
    setParams,
    setAmount: amount.setMinor,
    motion,
  });
  const autobetRunning = autobet.progress !== null;
  const autobetAvailable = features.autobet && autobetApplies(session.category, view.resolvesAtOnce, params);
  const mode: BetMode = (autobetAvailable || autobetRunning) && !freePlay ? chosenMode : "manual";
  // Games whose rounds never end with their bet (cash-out and table games, but Mines and Towers in instant
  // mode) have no Auto tab at all.
  const autoTab =
    features.autobet && !freePlay && (session.category === "instant" || view.resolvesAtOnce !== undefined);

  const choiceMissing = view.missingChoice?.(params);
  const canBet =
    !flow.busy &&
    !notices.ended &&
    !stopped &&
    guard.check === null &&
    flow.inProgress === null &&
    choiceMissing === undefined;
  const onBet = () => {
    // A free round takes nothing from the balance: the server plays it at the campaign's bet.
    if (canBet && freePlay && free.bet !== undefined) void flow.play(free.bet, paramsRef.current, true);
    else if (canBet && amount.check.ok) void placeBet(amount.check.minor, paramsRef.current);
  };
  const onStartAutobet = () => {
    const read = autobetForm.read;
    if (!canBet || !amount.check.ok || !("settings" in read)) return;
    void autobet.start(read.settings, { amount: amount.check.minor, params: paramsRef.current });
  };

  usePlayShortcut({
    enabled: features.shortcuts,
    skippable: features.fastPlay && flow.revealing && !autobetRunning,
    onSkip: flow.skip,
  });

  const inputsBusy = flow.busy || autobetRunning || notices.ended;
  const viewProps: GameViewProps = {
    gameCode: session.gameCode,
    params,
    setParams,
    round: flow.round,
    animate: motion && !flow.skipped,
    onRevealed: flow.onRevealed,
    act: flow.act,
    refresh: flow.refresh,
    serverNow,
    // A free round's settings are the campaign's: locked between its rounds, its moves open during one.
    busy: inputsBusy || (freePlay && flow.inProgress === null),
    readOnly: false,
    celebrateAtMostStake: protection.celebrateAtMostStake,
    t,
    currency,
    format,
    formatAmount: format.amount,
    limits,
    shared,
    ...(amount.check.ok && { amount: amount.check.minor }),
  };
  const moves = flow.inProgress === "open" && Actions ? <Actions {...viewProps} /> : undefined;
  const shownBalance = balance.value === null ? null : format.amount(balance.value);
  const freeProps = { t, format, free, social: protection.social };

  return (
    <div class={moves ? "shell is-round-open" : "shell"} ref={refs.shell}>
      <TopBar
        t={t}
        rootRef={refs.top}
        gameName={session.gameName}
        demo={session.demo}
        balance={shownBalance}
        won={flow.outcome?.kind === "win"}
        lobbyUrl={props.session.lobbyUrl}
        preferences={preferences}
        onPreferences={updatePreferences}
        fastPlay={features.fastPlay}
        shortcuts={features.shortcuts}
        menu={<SafetyMenu t={t} links={protection.links} />}
        figures={
          (protection.showSessionTimer || protection.showNetPosition) && (
            <SessionFigures
              t={t}
              format={format}
              playedSeconds={protection.showSessionTimer ? guard.playedSeconds : undefined}
              netPosition={protection.showNetPosition ? guard.netPosition : undefined}
            />
          )
        }
      />
      <main class="shell-main">
        <section
          class="shell-board"
          aria-label={t("shell.board.label")}
          aria-busy={flow.revealing}
          ref={board}
        >
          <div class="shell-board-view">
            <Board {...viewProps} />
          </div>
          <RoundResult t={t} format={format} outcome={flow.revealing ? null : flow.outcome} />
        </section>
        <aside class="shell-side" aria-label={t("shell.controls.label")}>
          <div class="dock-head-wrap" ref={fit.head}>
            <BetHead
              t={t}
              format={format}
              currencyCode={currency.code}
              limits={limits}
              amount={amount}
              locked={inputsBusy || flow.inProgress !== null || freePlay}
              mode={mode}
              onMode={setMode}
              autoTab={
                autoTab
                  ? { available: autobetAvailable && flow.inProgress === null, running: autobetRunning }
                  : undefined
              }
            />
          </div>
          <div class="shell-settings">
            {mode === "auto" && (
              <AutobetForm
                t={t}
                currencyCode={currency.code}
                form={autobetForm}
                progress={autobet.progress}
              />
            )}
            <Controls {...viewProps} />
          </div>
          <div class="dock-action" ref={fit.action}>
            {freeScreens && <freeScreens.Bar {...freeProps} />}
            <BetAction
              t={t}
              format={format}
              limits={limits}
              check={amount.check}
              decimals={currency.decimals}
              fromParams={amount.fromParams}
              notice={notices.notice}
              onDismiss={() => notices.show(null)}
              onRetry={() => {
                notices.show(null);
                void flow.resync();
              }}
              mode={mode}
              playing={flow.busy}
              roundStatus={flow.inProgress}
              canBet={canBet}
              choiceHint={choiceMissing === undefined ? undefined : t(choiceMissing)}
              overBalance={amount.check.ok && balance.value !== null && amount.check.minor > balance.value}
              onBet={onBet}
              waitSeconds={pace.secondsLeft}
              autobet={{
                running: autobetRunning,
                canStart: canBet && amount.check.ok && "settings" in autobetForm.read,
                onStart: onStartAutobet,
                onStop: autobet.stop,
              }}
              actions={moves}
              label={freeRoundLabel(t, free)}
            />
          </div>
        </aside>
      </main>
      <Panels
        t={t}
        api={api}
        format={format}
        session={session}
        view={view}
        viewProps={viewProps}
        historyVersion={flow.historyVersion}
        onError={notices.showError}
      />
      {guard.check && realityCheck && !stopped && !notices.ended && (
        <realityCheck.Dialog
          t={t}
          format={format}
          check={guard.check}
          showNetPosition={protection.showNetPosition}
          lobbyUrl={session.lobbyUrl}
          onContinue={guard.acknowledge}
          onStop={() => setStopped(true)}
        />
      )}
      {stopped && realityCheck && <realityCheck.Stopped t={t} />}
      {freeScreens && !guard.check && !stopped && !notices.ended && <freeScreens.Dialog {...freeProps} />}
      {notices.ended && <SessionEnded t={t} lobbyUrl={props.session.lobbyUrl} />}
    </div>
  );
}
