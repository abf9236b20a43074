/**
 * The address the player's browser opens: the game page of the slug, with the session token, the
 * game code and, when the operator has one, the lobby to return to.
 */
export function buildLaunchUrl(opts: {
  publicBaseUrl: string;
  slug: string;
  gameCode: string;
  sessionToken: string;
  lobbyUrl: string | null;
}): string {
  const base = opts.publicBaseUrl.replace(/\/+$/, "");
  const query = new URLSearchParams({ sessionToken: opts.sessionToken, id: opts.gameCode });
  if (opts.lobbyUrl) query.set("lobbyUrl", opts.lobbyUrl);
  return `${base}/play/${encodeURIComponent(opts.slug)}?${query.toString()}`;
}
