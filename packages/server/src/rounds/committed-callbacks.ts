/**
 * The callbacks whose rows this process has seen committed, for the engine's inline sends: a debit or a
 * credit leaves only once the job that inserted its row is durable ("no callback before its row",
 * invariants.ts). The outbox's own sends need no entry: it sends only rows it read back from the store.
 *
 * Each entry is taken by the one inline send that follows its commit, within milliseconds; rows that the
 * outbox delivers instead are never taken, so the oldest entries give way beyond `limit`.
 */
export class CommittedCallbacks {
  readonly #ids = new Set<string>();

  constructor(readonly limit = 65_536) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`limit must be a positive integer: ${limit}`);
  }

  /** Records the transaction IDs of a job that has committed. */
  add(transactionIds: readonly string[]): void {
    for (const id of transactionIds) this.#ids.add(id);
    for (const oldest of this.#ids) {
      if (this.#ids.size <= this.limit) break;
      this.#ids.delete(oldest);
    }
  }

  /** Whether the row of `transactionId` was committed by this process; an inline send takes it once. */
  take(transactionId: string): boolean {
    return this.#ids.delete(transactionId);
  }

  get size(): number {
    return this.#ids.size;
  }
}
