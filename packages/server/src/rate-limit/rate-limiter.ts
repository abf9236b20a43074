/** What the HTTP layer sees of rate limiting; the token-bucket behaviour is described in token-bucket.ts. */
export interface RateDecision {
  allowed: boolean;
  /** Whole requests still available right now. */
  remaining: number;
  /** 0 when allowed; otherwise whole seconds (at least 1) until one token is back. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}
