/** GET /game/replay/:token: a finished round by its replay link, without a session. */
import type { ReplayResponse } from "@rgs/protocol/game-api";
import { requestJson, successBody } from "./json-request.ts";

export type { ReplayResponse };

const TIMEOUT_MS = 15_000;

/** The replay link's token in a page address (/replay/<token>), or null for any other address. */
export function replayTokenOf(pathname: string): string | null {
  return /^\/replay\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname)?.[1] ?? null;
}

export async function fetchReplay(
  token: string,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ReplayResponse> {
  const answer = await requestJson(
    fetcher,
    `/game/replay/${encodeURIComponent(token)}`,
    { method: "GET", headers: {} },
    TIMEOUT_MS,
  );
  return successBody<ReplayResponse>(answer);
}
