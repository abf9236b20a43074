/**
 * Token bucket arithmetic shared by the in-memory limiter and (transcribed to Lua) the Redis one.
 * Tokens are counted in millionths and time in whole milliseconds, so every value is an integer
 * and repeated refills never drift.
 *
 * The bucket holds at most `burst` tokens and refills `ratePerSecond` tokens per second; each
 * request takes one. A client can therefore send `burst` requests at once, and reaches the
 * sustained rate only by spreading its requests: a full second of waiting refills at most `burst`.
 */
import type { RateDecision } from "./rate-limiter.ts";

const MICRO_TOKENS = 1_000_000;

export interface BucketParams {
  /** burst in micro-tokens */
  capacity: number;
  /** micro-tokens added per millisecond */
  refillPerMs: number;
  /** after this long without requests a bucket is full again, so forgetting it loses nothing */
  fullAfterMs: number;
}

export interface BucketState {
  microTokens: number;
  /** epoch ms of the last update */
  at: number;
}

export function bucketParams(ratePerSecond: number, burst: number): BucketParams {
  const refillPerMs = Math.round(ratePerSecond * 1000);
  if (!(refillPerMs >= 1) || Math.abs(ratePerSecond * 1000 - refillPerMs) > 1e-6 || refillPerMs > 1e9) {
    throw new RangeError(
      `ratePerSecond must be a positive number with at most 3 decimals, got ${ratePerSecond}`,
    );
  }
  if (!Number.isSafeInteger(burst) || burst < 1 || burst > 1_000_000) {
    throw new RangeError(`burst must be an integer between 1 and 1000000, got ${burst}`);
  }
  const capacity = burst * MICRO_TOKENS;
  return { capacity, refillPerMs, fullAfterMs: Math.ceil(capacity / refillPerMs) };
}

export function takeToken(
  state: BucketState | undefined,
  nowMs: number,
  params: BucketParams,
): { state: BucketState; allowed: boolean; remaining: number; retryAfterMs: number } {
  const now = Math.floor(nowMs);
  let tokens = params.capacity;
  let at = now;
  if (state) {
    // A clock that steps back (or a peer instance slightly behind) refills nothing and never rewinds the bucket.
    at = Math.max(state.at, now);
    const elapsed = Math.min(Math.max(0, now - state.at), params.fullAfterMs);
    tokens = Math.min(params.capacity, state.microTokens + elapsed * params.refillPerMs);
  }
  if (tokens >= MICRO_TOKENS) {
    tokens -= MICRO_TOKENS;
    return {
      state: { microTokens: tokens, at },
      allowed: true,
      remaining: Math.floor(tokens / MICRO_TOKENS),
      retryAfterMs: 0,
    };
  }
  const retryAfterMs = Math.ceil((MICRO_TOKENS - tokens) / params.refillPerMs);
  return { state: { microTokens: tokens, at }, allowed: false, remaining: 0, retryAfterMs };
}

export function decision(allowed: boolean, remaining: number, retryAfterMs: number): RateDecision {
  return {
    allowed,
    remaining,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}
