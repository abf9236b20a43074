/**
 * The page a replay link opens (/replay/<token>): one finished round, read-only and without a session, in its
 * game's own view, with its fairness data and a verify button. The language is the link's `lang`, else the
 * browser's.
 */
import { findGame, type GameInfo } from "@rgs/protocol/catalog";
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api/errors.ts";
import { fetchReplay, type ReplayResponse } from "../api/replay.ts";
import { loadTranslator, pickLanguage, type Translate } from "../i18n/index.ts";
import { FatalScreen } from "../shell/components/FatalScreen.tsx";
import { LoadingScreen } from "../shell/components/LoadingScreen.tsx";
import { loadView } from "../views/registry.ts";
import type { GameViewModule } from "../views/types.ts";
import { ReplayScreen } from "./ReplayScreen.tsx";

type Phase =
  | { name: "loading" }
  | { name: "failed"; t: Translate; messageKey: string; retry: boolean }
  | { name: "ready"; t: Translate; replay: ReplayResponse; game: GameInfo; view: GameViewModule | null };

const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);

async function boot(token: string, language: string): Promise<Phase> {
  const translating = loadTranslator(language);
  let replay: ReplayResponse;
  try {
    replay = await fetchReplay(token);
  } catch (error) {
    const t = await translating;
    const failure = error instanceof ApiError ? error : new ApiError("unexpected", "unexpected", 0);
    return { name: "failed", t, messageKey: failure.messageKey, retry: failure.retryable };
  }
  const game = findGame(replay.round.gameCode);
  const t = await translating;
  if (!game) return { name: "failed", t, messageKey: "shell.fatal.unknownGame", retry: false };
  const view = replay.status === "closed" ? await loadView(game.slug) : null;
  return { name: "ready", t, replay, game, view: view ?? null };
}

export function ReplayApp({ token, urlLanguage }: { token: string; urlLanguage: string | null }) {
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const [attempt, setAttempt] = useState(0);
  const language = pickLanguage(urlLanguage, null, browserLanguages());

  useEffect(() => {
    let live = true;
    boot(token, language).then(
      (next) => live && setPhase(next),
      async () => {
        const t = await loadTranslator(language).catch(() => loadTranslator("en"));
        if (live) setPhase({ name: "failed", t, messageKey: "shell.error.network", retry: true });
      },
    );
    return () => {
      live = false;
    };
  }, [token, language, attempt]);

  useEffect(() => {
    if (phase.name === "loading") return;
    document.documentElement.lang = phase.t.language;
    document.title =
      phase.name === "ready"
        ? phase.t("replay.pageTitle", { game: phase.game.name })
        : phase.t("replay.failedTitle");
  }, [phase]);

  if (phase.name === "loading") return <LoadingScreen />;
  if (phase.name === "failed") {
    return (
      <FatalScreen
        t={phase.t}
        titleKey="replay.failedTitle"
        messageKey={phase.messageKey}
        {...(phase.retry && {
          onRetry: () => {
            setPhase({ name: "loading" });
            setAttempt((n) => n + 1);
          },
        })}
      />
    );
  }
  return <ReplayScreen t={phase.t} replay={phase.replay} game={phase.game} view={phase.view} />;
}
