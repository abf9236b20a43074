/**
 * The targets a bet's CPU is held to, per bet and per request of the floor chain measured at the same number
 * of players: at 64 players on PostgreSQL the RGS's CPU per real-money bet within 3 x the floor chain
 * server's and PostgreSQL's within 0.5 ms, per demo bet 1.5 x and 0.25 ms; at fewer players (8) half of
 * each, on PostgreSQL and on the embedded store (where PostgreSQL runs inside the RGS and is in its figure).
 */

export interface CpuFigures {
  name: string;
  store: string;
  players: number;
  serverMs: number;
  postgresMs: number | null;
}

export interface CpuTarget {
  what: string;
  store: string;
  players: number;
  value: number | null;
  limit: number;
  unit: "x floor chain" | "ms";
  met: boolean | null;
}

export const CHAIN = "floor chain: signed debit + credit";
export const EMBEDDED = "embedded (PGlite)";
/** Players from which the full targets apply; below it, half of them. */
const FULL_AT = 64;

const LIMITS: Record<string, { rgs: number; postgresMs: number }> = {
  "real-money dice bet": { rgs: 3, postgresMs: 0.5 },
  "demo dice bet": { rgs: 1.5, postgresMs: 0.25 },
};

/**
 * What a bet's CPU may cost at `players` on `store`: the RGS's in floor chain servers' CPU, PostgreSQL's in
 * ms (null on the embedded store, inside the RGS). Undefined where no target is stated: a bet that is not
 * one of the two, or the embedded store at the full player count.
 */
export function betLimits(
  bet: string,
  store: string,
  players: number,
): { rgs: number; postgresMs: number | null } | undefined {
  const limits = LIMITS[bet];
  if (limits === undefined) return undefined;
  const full = players >= FULL_AT;
  // The embedded store is held to the 8-player targets only.
  if (full && store === EMBEDDED) return undefined;
  const scale = full ? 1 : 0.5;
  return { rgs: limits.rgs * scale, postgresMs: store === EMBEDDED ? null : limits.postgresMs * scale };
}

export function cpuTargets(rows: CpuFigures[]): CpuTarget[] {
  const targets: CpuTarget[] = [];
  for (const bet of rows) {
    const limits = betLimits(bet.name, bet.store, bet.players);
    if (limits === undefined) continue;
    const chain = rows.find((r) => r.name === CHAIN && r.players === bet.players);
    const versus = (value: number | null, limit: number, unit: CpuTarget["unit"], what: string) =>
      targets.push({
        what: `${bet.name}: ${what}`,
        store: bet.store,
        players: bet.players,
        value,
        limit,
        unit,
        met: value === null ? null : value <= limit,
      });
    versus(
      chain && chain.serverMs > 0 ? bet.serverMs / chain.serverMs : null,
      limits.rgs,
      "x floor chain",
      "RGS CPU / floor chain server CPU",
    );
    if (limits.postgresMs !== null) versus(bet.postgresMs, limits.postgresMs, "ms", "PostgreSQL CPU");
  }
  return targets;
}
