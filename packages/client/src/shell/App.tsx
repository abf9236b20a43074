/**
 * Boot: the session's state from the server (balance, open round, session description), the language's
 * catalogs, the game's view and the game screen, fetched together, then the game. The entry holds only this
 * start and the failure screen, so the rest downloads while the session is read. A failure here is a full-page
 * message with a way out.
 */
import { findGame } from "@rgs/protocol/catalog";
import type { ComponentType } from "preact";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { GameApi } from "../api/client.ts";
import { ApiError } from "../api/errors.ts";
import type { CurrentState } from "../api/types.ts";
import { loadShellTranslator, loadTranslator, pickLanguage, type Translate } from "../i18n/index.ts";
import { loadView } from "../views/registry.ts";
import type { GameViewModule } from "../views/types.ts";
import { FatalScreen } from "./components/FatalScreen.tsx";
import { LoadingScreen } from "./components/LoadingScreen.tsx";
import type { GameProps } from "./Game.tsx";
import type { LaunchParams } from "./launch-params.ts";
import { describeSession, type SessionView } from "./session.ts";

type Phase =
  | { name: "loading" }
  | { name: "failed"; messageKey: string; retry: boolean; t: Translate }
  | {
      name: "ready";
      api: GameApi;
      t: Translate;
      session: SessionView;
      current: CurrentState;
      view: GameViewModule;
      Game: ComponentType<GameProps>;
    };

/** The tab shows the game: its name as the title, its icon (served at /thumbnails/<slug>.svg) as the favicon. */
function showGameInTab(name: string, slug: string): void {
  document.title = name;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    icon.type = "image/svg+xml";
    icon.href = `/thumbnails/${encodeURIComponent(slug)}.svg`;
  }
}

/** The browser's languages, most preferred first. */
const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);

async function boot(launch: LaunchParams): Promise<Phase> {
  const fail = async (messageKey: string, retry: boolean, sessionLanguage: string | null = null) => ({
    name: "failed" as const,
    messageKey,
    retry,
    t: await loadShellTranslator(pickLanguage(launch.language, sessionLanguage, browserLanguages())).catch(
      () => loadShellTranslator("en"),
    ),
  });
  const info = launch.gameCode ? findGame(launch.gameCode) : undefined;
  if (!launch.token) return fail("shell.fatal.noSession", false);
  if (!info || (launch.slug !== null && launch.slug !== info.slug))
    return fail("shell.fatal.unknownGame", false);
  const viewLoading = loadView(info.slug);
  if (!viewLoading) return fail("shell.fatal.unknownGame", false);
  const screenLoading = import("./Game.tsx");
  // Both download while the session is read; a failure is told where they are awaited.
  for (const loading of [viewLoading, screenLoading]) loading.catch(() => undefined);

  const api = new GameApi({ token: launch.token });
  let current: CurrentState;
  try {
    current = await api.current();
  } catch (error) {
    if (error instanceof ApiError && error.sessionEnded) return fail("shell.error.session_expired", false);
    return fail(error instanceof ApiError ? error.messageKey : "shell.error.generic", true);
  }
  const session = describeSession(current, info);
  const language = pickLanguage(launch.language, session.languageCode, browserLanguages());
  try {
    const [t, view, { Game }] = await Promise.all([
      loadTranslator(language, { social: session.protection.social }),
      viewLoading,
      screenLoading,
    ]);
    return { name: "ready", api, t, session, current, view, Game };
  } catch {
    return fail("shell.error.network", true, session.languageCode ?? null);
  }
}

export function App({ launch }: { launch: LaunchParams }) {
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void boot(launch).then((next) => {
      if (live) setPhase(next);
    });
    return () => {
      live = false;
    };
  }, [launch, attempt]);

  // Before the page is painted or read: the game's first screen already speaks the session's language.
  useLayoutEffect(() => {
    if (phase.name !== "loading") document.documentElement.lang = phase.t.language;
    if (phase.name === "ready") showGameInTab(phase.session.gameName, phase.session.slug);
  }, [phase]);

  if (phase.name === "loading") return <LoadingScreen />;
  if (phase.name === "failed") {
    return (
      <FatalScreen
        t={phase.t}
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
  const { Game } = phase;
  return (
    <Game api={phase.api} t={phase.t} session={phase.session} initial={phase.current} view={phase.view} />
  );
}
