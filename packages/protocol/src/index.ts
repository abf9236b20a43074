/**
 * Browser-safe protocol exports. Request signing needs node:crypto and is imported separately from
 * `@rgs/protocol/signing`; the operator API schemas from `@rgs/protocol/operator-api`.
 */
export * from "./catalog.ts";
export * from "./currencies.ts";
export * from "./errors.ts";
export * from "./money.ts";
export * from "./wallet-status.ts";
