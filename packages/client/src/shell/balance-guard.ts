/**
 * A bet the balance cannot cover is refused before it is sent, with the reason. The balance shown may be
 * stale (the casino's wallet moves it too), so a bet above it is checked again against the balance read anew;
 * the server stays the authority, and a balance nobody can tell lets the bet through to it.
 */
export type Cover = { covered: true } | { covered: false; balance: bigint };

export async function coverStake(
  stake: bigint,
  shown: bigint | null,
  /** Reads the balance again from the server (null when it cannot tell). */
  refresh: () => Promise<bigint | null>,
): Promise<Cover> {
  if (shown === null || stake <= shown) return { covered: true };
  const now = await refresh();
  return now === null || stake <= now ? { covered: true } : { covered: false, balance: now };
}
