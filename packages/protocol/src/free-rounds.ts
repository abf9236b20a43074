/**
 * The wallet contract of a free round (docs/callbacks.md#free-rounds): a round an operator's campaign pays
 * for opens with a debit of "0" whose `metadata` carries `freeRound`; its credits follow the usual rules.
 * A wallet tells a free round's debit from a malformed zero stake by this object alone.
 */
export interface FreeRoundMetadata {
  /** The campaign's ID, as the RGS answered its creation. */
  campaignId: string;
  /** The grant's ID: one player's rounds of that campaign. */
  grantId: string;
  /** The operator's own reference of the grant. */
  reference: string;
  /** Rounds of the grant left after this one. */
  roundsRemaining: number;
}

const TEXT_FIELDS = ["campaignId", "grantId", "reference"] as const;

/**
 * The `freeRound` object of a callback's metadata text, or undefined when the text holds none or a
 * malformed one (a wallet then treats the debit as an ordinary stake, which "0" never is).
 */
export function freeRoundOf(metadata: unknown): FreeRoundMetadata | undefined {
  if (typeof metadata !== "string") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const free = (parsed as { freeRound?: unknown }).freeRound;
  if (typeof free !== "object" || free === null || Array.isArray(free)) return undefined;
  const record = free as Record<string, unknown>;
  for (const name of TEXT_FIELDS) {
    const value = record[name];
    if (typeof value !== "string" || value === "") return undefined;
  }
  const remaining = record.roundsRemaining;
  if (typeof remaining !== "number" || !Number.isSafeInteger(remaining) || remaining < 0) return undefined;
  return {
    campaignId: record.campaignId as string,
    grantId: record.grantId as string,
    reference: record.reference as string,
    roundsRemaining: remaining,
  };
}
