/**
 * Keeps the session alive while the page is open: the token is rotated (POST /session/refresh) a little
 * before the session would expire, and again before the new expiry. A failed refresh is retried; a
 * session the server has ended is reported.
 */
import { useEffect } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";

/** Refresh this long before the expiry, leaving room for a slow network and a retry. */
const MARGIN_MS = 120_000;
/** When the expiry is unknown, and the shortest wait between two refreshes. */
const FALLBACK_MS = 10 * 60_000;
const MIN_WAIT_MS = 15_000;
const RETRY_MS = 20_000;

export function refreshDelay(expiresAt: number | undefined, now: number): number {
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return FALLBACK_MS;
  return Math.max(MIN_WAIT_MS, expiresAt - now - MARGIN_MS);
}

export function useSessionRefresh(api: GameApi, expiresAt: number | undefined, onEnded: () => void): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = (delay: number) => {
      timer = setTimeout(run, delay);
    };
    const run = async () => {
      try {
        const answer = await api.refresh();
        if (stopped) return;
        schedule(refreshDelay(Date.parse(answer.expiresAt), Date.now()));
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.sessionEnded) onEnded();
        else schedule(RETRY_MS);
      }
    };
    schedule(refreshDelay(expiresAt, Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, expiresAt, onEnded]);
}
