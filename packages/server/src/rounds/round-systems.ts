import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import type { StepContext } from "@rgs/games/model";
import type { ResolvedGame } from "@rgs/games/registry";
import type { Clock } from "../clock.ts";
import type { WalletMetrics } from "../observability/wallet-metrics.ts";
import type { ClaimedCallback } from "../outbox/callback-ledger.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";
import type { DebitPolicy } from "./debit-policy.ts";
import type { Ledger, LedgerTx } from "./ledger.ts";
import type { RoundQueries } from "./queries.ts";
import type { RoundRow } from "./round-repository.ts";
import type { Settlement } from "./settlement/settlement.ts";
import type { WalletGateway } from "./wallet-gateway.ts";

export interface RoundLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the engine asks of the outbox: credits delivered now, and the rest of a round left to it. */
export interface RoundDelivery {
  /**
   * Sends credits the ledger stored already leased to this instance, in order, with quick resends; returns
   * the balance of the last confirmed answer, and whether all were confirmed. What it cannot deliver is
   * handed back to the outbox's backoff.
   */
  deliverLeased(callbacks: ClaimedCallback[]): Promise<{ delivered: boolean; balance?: bigint }>;
  /** Delivers the round's due callbacks now, in order (rollbacks, callbacks left by a failed step). */
  kick(roundId: string): Promise<void>;
  /** Delivers the round's pending callbacks now, in order, without waiting out their backoff. */
  expedite(roundId: string): Promise<void>;
  /** The lease under which the engine stores credits for `deliverLeased`, so the poller leaves them alone. */
  lease(now: Date): { owner: string; until: Date };
}

/** What every system of the round engine works with: the stores, the wallet, the seeds, the rules. */
export interface RoundSystems {
  store: Store;
  ledger: Ledger;
  queries: RoundQueries;
  clock: Clock;
  wallet: WalletGateway;
  seeds: SeedService;
  outbox: RoundDelivery;
  policy: DebitPolicy;
  logger: RoundLogger;
  metrics: WalletMetrics | undefined;
  /** The game behind a code; refuses one that is not available. */
  game(code: string): ResolvedGame;
  /** How a round of this mode moves money. */
  settlementOf(mode: RoundRow["mode"]): Settlement;
  /** How a free round's opening is stored: a grant's round beside a debit of 0 (free-round-settlement.ts). */
  freeRoundSettlement(): Settlement;
}

/** The randomness and time a game's next step of the round draws on. */
export async function stepContext(
  sys: RoundSystems,
  tx: LedgerTx,
  round: RoundRow,
  now: Date,
): Promise<StepContext> {
  const seeds = await sys.seeds.roundSeeds(tx.db, round.seedPairId, round.nonce);
  return { random: fairRandom(seeds, round.nonce).reader(round.randomPosition), now: now.getTime() };
}

export function fairRandom(seeds: { serverSeed: string; clientSeed: string }, nonce: number): FairRandom {
  return new FairRandom(nodeHmacSha256, {
    serverSeed: seeds.serverSeed,
    clientSeed: seeds.clientSeed,
    nonce,
  });
}

/** Delivers a round's stored callbacks now; the outbox's next pass does it when this fails. */
export async function kickRound(sys: RoundSystems, roundId: string): Promise<void> {
  try {
    await sys.outbox.kick(roundId);
  } catch (error) {
    sys.logger.warn({ roundId, err: error }, "delivering the round's callbacks failed; they will be retried");
  }
}
