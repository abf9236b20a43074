/**
 * Remembers the signed requests already received, so an exact replay of one (same operator,
 * timestamp and signature) is refused while its timestamp is still inside the signature window.
 */
export interface ReplayGuard {
  /**
   * Records `key` until `expiresAtMs` (epoch milliseconds) and answers true, or answers false when it
   * is already recorded and not yet expired.
   */
  firstUse(key: string, expiresAtMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The key of one signed request; hex case is folded, since either case verifies. */
export function replayKey(operatorId: string, timestamp: string, signature: string): string {
  return `${operatorId.toLowerCase()}|${timestamp}|${signature.toLowerCase()}`;
}

/**
 * When a request signed at `timestampSeconds` stops being accepted: the window is inclusive on both
 * sides and compared in whole seconds, so the entry must outlive the last second of the window.
 */
export function replayExpiry(timestampSeconds: number, windowSeconds: number): number {
  return (timestampSeconds + windowSeconds + 1) * 1000;
}
