import type { Clock } from "../clock.ts";
import type { Lifecycle } from "./lifecycle.ts";

export interface ShutdownSteps {
  clock: Clock;
  /** Resolves after `ms` of the clock's time (timers in production; tests advance a manual clock). */
  wait: (ms: number) => Promise<void>;
  lifecycle: Lifecycle;
  /** The whole stop, signal to exit, takes at most this long (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** How long readiness says no before new requests are refused (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Stops listening; resolves once the server's connections are closed. */
  closeHttp: () => Promise<void>;
  /** Cuts the connections `closeHttp` is still waiting for. */
  forceCloseHttp: () => void;
  /** Stops the outbox's and the sweeper's polling, waiting for the deliveries under way. */
  stopBackground: () => Promise<void>;
  /** Hands this instance's outbox and sweeper leases back, so another instance takes them over at once. */
  releaseClaims: () => Promise<void>;
  /** Closes what is left (rate limiters, the store). */
  close: () => Promise<void>;
  log: (message: string) => void;
}

/** Kept back from the grace for handing claims back and closing the store, so both happen in time. */
const CLEANUP_RESERVE_MS = 2000;

/**
 * A bounded, orderly stop: readiness first (the balancer stops sending), then new requests refused and those
 * in flight finished (their debits, settlements and answers), then the background work stopped and its
 * claims handed back, then the store closed. Each wait ends at its deadline whatever it waits for.
 * `clean` is false when a request was still in flight at the deadline (its client resends with its key).
 */
export async function shutDown(steps: ShutdownSteps): Promise<{ clean: boolean }> {
  const { clock, lifecycle } = steps;
  const deadline = clock.now() + steps.graceMs;
  const workDeadline = deadline - Math.min(CLEANUP_RESERVE_MS, Math.floor(steps.graceMs / 4));
  const within = async (name: string, work: () => Promise<void>, until: number): Promise<boolean> => {
    const done = work().then(
      () => true,
      (error: unknown) => {
        steps.log(`Shutdown: ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        return true;
      },
    );
    const late = steps.wait(Math.max(0, until - clock.now())).then(() => false);
    const finished = await Promise.race([done, late]);
    if (!finished) steps.log(`Shutdown: ${name} did not finish within the grace period; going on`);
    return finished;
  };

  lifecycle.drain();
  await steps.wait(Math.max(0, Math.min(steps.drainMs, workDeadline - clock.now())));
  lifecycle.refuse();
  const clean = await within("finishing the requests in flight", () => lifecycle.idle(), workDeadline);
  if (!clean) steps.log(`Shutdown: ${lifecycle.inFlight} request(s) still in flight are cut off`);
  if (!(await within("closing the HTTP server", steps.closeHttp, workDeadline))) steps.forceCloseHttp();
  await within("stopping the outbox and the sweeper", steps.stopBackground, workDeadline);
  await within("handing back the outbox's and the sweeper's claims", steps.releaseClaims, deadline);
  await within("closing the store", steps.close, deadline);
  return { clean };
}

/** Real time. */
export function timerWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
