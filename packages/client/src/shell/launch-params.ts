/**
 * What the launch URL tells the client: /play/<slug>?sessionToken=...&id=<gameCode>&lobbyUrl=...&lang=...
 * The token is a credential: it is taken out of the visible address so it is not bookmarked or shared.
 */

export interface LaunchParams {
  token: string | null;
  gameCode: string | null;
  /** The page's slug (/play/<slug>). */
  slug: string | null;
  /** Only an absolute http(s) address; anything else (javascript:, data:, relative) is dropped. */
  lobbyUrl: string | null;
  language: string | null;
}

export function safeLobbyUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export function readLaunchParams(href: string): LaunchParams {
  const url = new URL(href);
  const query = url.searchParams;
  const slug = /^\/play\/([a-z0-9_]+)\/?$/.exec(url.pathname)?.[1] ?? null;
  return {
    token: query.get("sessionToken") || null,
    gameCode: query.get("id") || null,
    slug,
    lobbyUrl: safeLobbyUrl(query.get("lobbyUrl")),
    language: query.get("lang") || null,
  };
}

/** The same address without the session token (path, other parameters and fragment kept). */
export function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("sessionToken");
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}${url.hash}`;
}
