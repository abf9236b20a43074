import type { WalletCallback } from "@rgs/protocol/wallet-callbacks";

/** The data a run produces: what the console, JSON, JUnit and HTML reports are rendered from. */

export const CATEGORIES = [
  "Happy Path",
  "Idempotency",
  "Error Handling",
  "HMAC Security",
  "Attack Vectors",
  "Edge Cases",
  "Debit/Rollback Ordering",
  "Consistency",
  "Free Rounds",
] as const;

export type Category = (typeof CATEGORIES)[number];

export type Outcome = "pass" | "warn" | "fail" | "skip";

/** Why a run stops at its first request when the wallet refuses its signature. */
export const SIGNATURE_REFUSED = "signature refused: check the secret and the callback URL";

/** Why a run stops at its first request when nothing answers it. */
export const NO_ANSWER = "no answer: check the callback URL, and that the wallet is running";

export type CallbackName = WalletCallback;

/** One HTTP request the tester sent and what came back, exactly as on the wire (the secret is never in it). */
export interface Exchange {
  /** Sequence number within the run, so findings can point at the exchange that shows them. */
  seq: number;
  callback: CallbackName;
  /** What the tester was doing, e.g. "replay of the debit with a new requestId". */
  label: string;
  request: { method: "POST"; url: string; headers: Record<string, string>; body: string };
  response?: { status: number; headers: Record<string, string>; body: string };
  /** Set when no HTTP answer arrived (connection refused, reset, timeout). */
  error?: string;
  startedAt: string;
  durationMs: number;
  /** Sent as part of a deliberate burst of simultaneous requests (excluded from latency figures). */
  concurrent: boolean;
}

export interface Finding {
  level: "fail" | "warn" | "note";
  message: string;
  /** What the wallet should have done. */
  expected?: string;
  /** The rule the finding rests on (SPEC section and rule, or the tester's documented rule). */
  rule?: string;
  /** `seq` of the exchanges that show it. */
  exchanges: number[];
}

export interface CheckResult {
  id: string;
  category: Category;
  title: string;
  /** What the check requires of the wallet, as the report states it. */
  requirement: string;
  /** Where the requirement comes from. */
  source: string;
  outcome: Outcome;
  skipReason?: string;
  findings: Finding[];
  exchanges: Exchange[];
  durationMs: number;
}

export interface PlayerMoney {
  playerId: string;
  startBalance?: string;
  endBalance?: string;
  /** End minus start; "0" when the balance is back where it was. */
  netMovement?: string;
  /** What the tester did at the end to put the balance back, if anything. */
  settlement: string[];
}

export interface CategorySummary {
  category: Category;
  pass: number;
  warn: number;
  fail: number;
  skip: number;
}

export interface RunReport {
  tool: { name: string; version: string };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  target: {
    walletUrl: string;
    playerId: string;
    secondPlayerId?: string;
    operatorId?: string;
    currency: string;
  };
  checks: CheckResult[];
  categories: CategorySummary[];
  totals: { pass: number; warn: number; fail: number; skip: number };
  money: PlayerMoney[];
  /**
   * Why the run ended before its other checks, when it did: the first request got no answer (NO_ANSWER), or
   * the wallet refused its signature (SIGNATURE_REFUSED), so every other request would have fared the same.
   */
  stopped?: string;
  /** Every Happy Path check passed (a skip the spec allows counts) and no check failed. */
  passed: boolean;
  exitCode: 0 | 1;
}
