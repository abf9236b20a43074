import type { FreeRoundOffer } from "../../campaigns/free-round-grants.ts";
import type { GameError } from "../../game-error.ts";
import type { JobPlan } from "../../store/group-commit.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import type { InvariantBroken } from "../invariants.ts";
import type { LedgerTx } from "../ledger.ts";
import type { RoundRow } from "../round-repository.ts";
import type { RoundResult } from "../round-summary.ts";
import type { Applied, PendingStep } from "../step-bookkeeping.ts";

/** What storing a step came to. */
export type StepOutcome =
  /** Applied to the round; `queued`: its credits are left to the outbox, behind earlier callbacks. */
  | { kind: "applied"; applied: Applied; queued?: boolean }
  /** Its debits are stored, to be sent once the job is durable; the step is applied when they succeed. */
  | { kind: "debits"; round: RoundRow; pending: PendingStep }
  /** Refused before anything moved (a demo balance too low). */
  | { kind: "refused"; error: GameError }
  /** An invariant broke after a debit was confirmed: the round is settling, its rollbacks queued. */
  | { kind: "broken"; round: RoundRow; error: InvariantBroken };

export interface StepOptions {
  closeReason?: string;
  /** Credits are leased to this instance for inline delivery (the default), or left to the outbox. */
  lease?: boolean;
  /** The step opens the round with this validated stake: the round is inserted, not updated. */
  opensWith?: bigint;
  /** The round with the action's idempotency key, once it records the debits the step sends. */
  keyedWithDebits?: (transactionIds: string[]) => RoundRow;
  /** The step opens a free round on this offer (free-round-settlement.ts). */
  freeRound?: FreeRoundOffer;
}

/**
 * How a round moves money, one implementation per kind of money: the engine runs a game's steps the same
 * way for all of them and leaves this to its round's settlement. `plan` says what an opening job needs read
 * beforehand, `apply` stores a step inside the ledger's job (and checks the invariants due before anything
 * leaves), `after` does what is left once the job is durable (sends debits, delivers credits) and answers.
 */
export interface Settlement {
  plan(session: GameSession): Pick<JobPlan, "demoBalanceOf">;
  apply(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts?: StepOptions,
  ): Promise<StepOutcome>;
  after(outcome: Exclude<StepOutcome, { kind: "refused" }>, opening: boolean): Promise<RoundResult>;
  /** Once a step nobody waits for (a tick, an abandon) is durable. */
  afterUnattended(round: RoundRow): Promise<void>;
}
