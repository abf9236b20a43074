export * from "./rate-limiter.ts";
