import { CALLBACK_NAMES, type CallbackName } from "./callbacks/callback.ts";

/**
 * Test facility, off unless WALLET_FAULTS=1: makes the next calls of a callback fail the ways a real
 * wallet fails, so the RGS's retry, rollback and outbox paths can be exercised end to end.
 *
 * - error_before: answer HTTP 500 without applying anything
 * - error_after: apply the callback, then answer HTTP 500
 * - hang_after: apply the callback, then hold the connection for `delayMs` and drop it unanswered
 * - drop_before: drop the connection without applying anything
 * - drop_after: apply the callback, then drop the connection unanswered
 * - slow: wait `delayMs`, then handle the callback normally
 */
export const FAULT_MODES = [
  "error_before",
  "error_after",
  "hang_after",
  "drop_before",
  "drop_after",
  "slow",
] as const;

export type FaultMode = (typeof FAULT_MODES)[number];

export interface Fault {
  callback: CallbackName;
  mode: FaultMode;
  /** How many of the next calls of `callback` this fault still takes. */
  remaining: number;
  delayMs: number;
}

export const DEFAULT_HANG_MS = 60_000;
export const DEFAULT_SLOW_MS = 2_000;
const MAX_DELAY_MS = 600_000;
const MAX_COUNT = 1_000;

export type FaultRequestResult = { ok: true; fault: Fault } | { ok: false; detail: string };

/** Validates a fault request body: {callback, mode, count?, delayMs?}. */
export function readFaultRequest(body: unknown): FaultRequestResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, detail: "the body must be a JSON object {callback, mode, count?, delayMs?}" };
  }
  const { callback, mode, count = 1, delayMs } = body as Record<string, unknown>;
  if (!CALLBACK_NAMES.includes(callback as CallbackName)) {
    return { ok: false, detail: `callback must be one of ${CALLBACK_NAMES.join(", ")}` };
  }
  if (!FAULT_MODES.includes(mode as FaultMode)) {
    return { ok: false, detail: `mode must be one of ${FAULT_MODES.join(", ")}` };
  }
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_COUNT) {
    return { ok: false, detail: `count must be an integer from 1 to ${MAX_COUNT}` };
  }
  const fallback = mode === "slow" ? DEFAULT_SLOW_MS : DEFAULT_HANG_MS;
  const delay = delayMs ?? fallback;
  if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY_MS) {
    return { ok: false, detail: `delayMs must be an integer from 0 to ${MAX_DELAY_MS}` };
  }
  return {
    ok: true,
    fault: {
      callback: callback as CallbackName,
      mode: mode as FaultMode,
      remaining: count as number,
      delayMs: delay as number,
    },
  };
}

/** Scheduled faults, taken first-in first-out per callback. */
export class FaultSchedule {
  #faults: Fault[] = [];

  add(fault: Fault): void {
    this.#faults.push({ ...fault });
  }

  /** The fault for this call of `callback`, if one is scheduled; it is consumed. */
  take(callback: CallbackName): Fault | undefined {
    const index = this.#faults.findIndex((fault) => fault.callback === callback);
    const fault = this.#faults[index];
    if (fault === undefined) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#faults.splice(index, 1);
    return { ...fault };
  }

  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#faults = [];
  }
}
