export { createReplayGuard } from "./from-config.ts";
export { createMemoryReplayGuard } from "./memory.ts";
export { createRedisReplayGuard } from "./redis.ts";
export * from "./replay-guard.ts";
