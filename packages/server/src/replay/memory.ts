import type { Clock } from "../clock.ts";
import type { ReplayGuard } from "./replay-guard.ts";

/**
 * Requests seen by one process. Only correctly signed requests are recorded and each is forgotten
 * once its timestamp has left the signature window, so the size follows the operators' own request
 * rate over one window, not what an attacker sends. Expired entries are swept as new ones arrive,
 * oldest expiry first (entries mostly arrive in expiry order, so the sweep stops early).
 */
export function createMemoryReplayGuard(opts: { clock: Clock }): ReplayGuard {
  const expiries = new Map<string, number>();
  const sweep = (now: number) => {
    for (const [key, expiresAt] of expiries) {
      if (expiresAt > now) break;
      expiries.delete(key);
    }
  };
  return {
    async firstUse(key, expiresAtMs) {
      const now = opts.clock.now();
      sweep(now);
      const known = expiries.get(key);
      if (known !== undefined && known > now) return false;
      expiries.delete(key);
      expiries.set(key, expiresAtMs);
      return true;
    },
    async close() {
      expiries.clear();
    },
  };
}
