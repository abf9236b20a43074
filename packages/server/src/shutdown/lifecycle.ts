/**
 * Where an instance is in its life: serving; draining (a stop was asked: readiness says no so the balancer
 * sends no more, requests still arriving are served); refusing (new requests are answered 503
 * `shutting_down`, those in flight finish). It counts the requests in flight, from the start of their
 * handler to its end, whether or not their client is still there: a bet's debit, settlement and answer
 * are done before the instance goes.
 */
export type Phase = "serving" | "draining" | "refusing";

export class Lifecycle {
  #phase: Phase = "serving";
  #inFlight = 0;
  #idle: (() => void)[] = [];

  get phase(): Phase {
    return this.#phase;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Readiness turns false; requests are still served. */
  drain(): void {
    if (this.#phase === "serving") this.#phase = "draining";
  }

  /** New requests are refused from now on. */
  refuse(): void {
    this.#phase = "refusing";
  }

  /** Counts `work` in flight until it settles; returns it unchanged. */
  track<T>(work: T): T {
    if (!(work instanceof Promise)) return work;
    this.#inFlight++;
    void work.then(
      () => this.#done(),
      () => this.#done(),
    );
    return work;
  }

  /** Resolves once no request is in flight. */
  idle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #done(): void {
    this.#inFlight--;
    if (this.#inFlight > 0) return;
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }
}
