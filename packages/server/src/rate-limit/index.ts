export { createRateLimiter } from "./from-config.ts";
export { createMemoryRateLimiter } from "./memory.ts";
export type { RateDecision, RateLimiter } from "./rate-limiter.ts";
export { createRedisRateLimiter } from "./redis.ts";
