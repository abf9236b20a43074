/**
 * Capped exponential backoff with full jitter: after the n-th failed attempt the next one waits a
 * uniformly random time in [0, min(maxDelayMs, baseDelayMs × 2^(n-1))). Full jitter spreads the retries
 * of many callbacks that failed together (a wallet outage) instead of sending them back in waves.
 */
export function retryDelayMs(
  failedAttempts: number,
  opts: { baseDelayMs: number; maxDelayMs: number },
  random: () => number,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 52);
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** exponent);
  const draw = random();
  if (!(draw >= 0 && draw < 1)) throw new RangeError(`random() must be in [0, 1), got ${draw}`);
  return Math.floor(draw * ceiling);
}
