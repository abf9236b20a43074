/**
 * The address the player's browser opens: the game page of the slug, with the session token and the game
 * code. The lobby to return to is not in it: the client reads it from its session (POST /game/current),
 * so no one can put another lobby in a link built around a player's token.
 */
export function buildLaunchUrl(opts: {
  publicBaseUrl: string;
  slug: string;
  gameCode: string;
  sessionToken: string;
}): string {
  const base = opts.publicBaseUrl.replace(/\/+$/, "");
  const query = new URLSearchParams({ sessionToken: opts.sessionToken, id: opts.gameCode });
  return `${base}/play/${encodeURIComponent(opts.slug)}?${query.toString()}`;
}
