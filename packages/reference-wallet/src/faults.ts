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
 *
 * Besides faults scheduled for the next calls, a random mode makes a share of the calls of chosen callbacks
 * fail with a mode drawn from a list, for chaos tests that run many rounds without scripting each failure.
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

/** Random faults: each call of one of `callbacks` fails with probability `share`, in a mode drawn from `modes`. */
export interface RandomFaults {
  share: number;
  callbacks: CallbackName[];
  modes: FaultMode[];
  delayMs: number;
}

export type RandomFaultsResult = { ok: true; random: RandomFaults } | { ok: false; detail: string };

const RANDOM_SHAPE = "{share, callbacks?, modes?, delayMs?}";

function listOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T[] | string {
  if (value === undefined) return [...allowed];
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => allowed.includes(v as T))) {
    return `${name} must be a non-empty array of ${allowed.join(", ")}`;
  }
  return [...new Set(value as T[])];
}

/** Validates a random-fault request body: {share, callbacks?, modes?, delayMs?}. */
export function readRandomFaults(body: unknown): RandomFaultsResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, detail: `the body must be a JSON object ${RANDOM_SHAPE}` };
  }
  const { share, callbacks, modes, delayMs = DEFAULT_SLOW_MS } = body as Record<string, unknown>;
  if (typeof share !== "number" || !(share > 0 && share <= 1)) {
    return { ok: false, detail: "share must be a number above 0 and at most 1" };
  }
  const names = listOf(callbacks, CALLBACK_NAMES, "callbacks");
  if (typeof names === "string") return { ok: false, detail: names };
  const drawn = listOf(modes, FAULT_MODES, "modes");
  if (typeof drawn === "string") return { ok: false, detail: drawn };
  if (!Number.isInteger(delayMs) || (delayMs as number) < 0 || (delayMs as number) > MAX_DELAY_MS) {
    return { ok: false, detail: `delayMs must be an integer from 0 to ${MAX_DELAY_MS}` };
  }
  return { ok: true, random: { share, callbacks: names, modes: drawn, delayMs: delayMs as number } };
}

/** Scheduled faults, taken first-in first-out per callback, then the random faults if they are on. */
export class FaultSchedule {
  #faults: Fault[] = [];
  #random: RandomFaults | undefined;
  readonly #draw: () => number;

  /** `draw` is uniform in [0, 1). */
  constructor(draw: () => number = Math.random) {
    this.#draw = draw;
  }

  add(fault: Fault): void {
    this.#faults.push({ ...fault });
  }

  /** The fault for this call of `callback`, if one is scheduled or drawn; a scheduled one is consumed. */
  take(callback: CallbackName): Fault | undefined {
    const index = this.#faults.findIndex((fault) => fault.callback === callback);
    const fault = this.#faults[index];
    if (fault === undefined) return this.#drawRandom(callback);
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#faults.splice(index, 1);
    return { ...fault };
  }

  #drawRandom(callback: CallbackName): Fault | undefined {
    const random = this.#random;
    if (random === undefined || !random.callbacks.includes(callback)) return undefined;
    if (this.#draw() >= random.share) return undefined;
    const mode =
      random.modes[Math.min(Math.floor(this.#draw() * random.modes.length), random.modes.length - 1)];
    return mode === undefined ? undefined : { callback, mode, remaining: 0, delayMs: random.delayMs };
  }

  setRandom(random: RandomFaults): void {
    this.#random = { ...random, callbacks: [...random.callbacks], modes: [...random.modes] };
  }

  randomFaults(): RandomFaults | null {
    return this.#random === undefined ? null : { ...this.#random };
  }

  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** Removes the scheduled faults and turns the random faults off. */
  clear(): void {
    this.#faults = [];
    this.#random = undefined;
  }
}
