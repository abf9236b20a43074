import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import type { FreeRoundsInfo } from "@rgs/protocol/game-api";
import type { Clock } from "../clock.ts";
import { gameError } from "../game-error.ts";
import type { WalletMetrics } from "../observability/wallet-metrics.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { type AbandonPreview, abandonPreview } from "./abandon-preview.ts";
import { abandonRound } from "./abandon-round.ts";
import { type ActionInput, actOnRound } from "./act-on-round.ts";
import type { DebitPolicy } from "./debit-policy.ts";
import { InvariantBroken, reportInvariant } from "./invariants.ts";
import { Ledger } from "./ledger.ts";
import { type BetInput, openRound } from "./open-round.ts";
import { RoundQueries } from "./queries.ts";
import type { RoundRow } from "./round-repository.ts";
import type { RoundDetails, RoundResult } from "./round-summary.ts";
import type { RoundDelivery, RoundLogger, RoundSystems } from "./round-systems.ts";
import { DemoSettlement } from "./settlement/demo-settlement.ts";
import { FreeRoundSettlement, freeRoundsInfo } from "./settlement/free-round-settlement.ts";
import type { Settlement } from "./settlement/settlement.ts";
import { WalletSettlement } from "./settlement/wallet-settlement.ts";
import { tickRound } from "./tick-round.ts";
import type { WalletGateway } from "./wallet-gateway.ts";

export { GameError } from "../game-error.ts";
export { SETTLING_WAIT } from "./open-round.ts";
export type { RoundDetails, RoundResult, RoundSummary } from "./round-summary.ts";
export type { RoundDelivery, RoundLogger } from "./round-systems.ts";

export interface RoundEngineDeps {
  store: Store;
  clock: Clock;
  wallet: WalletGateway;
  seeds: SeedService;
  outbox: RoundDelivery;
  policy: DebitPolicy;
  logger?: RoundLogger;
  /** Counts the rounds opened (`rounds_opened_total`) and the broken invariants. */
  metrics?: WalletMetrics;
  /** The game behind a code; the catalog's registry by default. */
  games?: (code: string) => ResolvedGame | undefined;
}

const silent: RoundLogger = { warn() {}, info() {}, error() {} };

/**
 * Runs game rounds. A façade over the systems in this folder: opening a round (open-round.ts), acting on
 * one (act-on-round.ts), a tick and an abandon, each storing its step through the round's settlement
 * (settlement/: demo money or the operator's wallet), whose debits settle in settlement/settle-debits.ts.
 * A broken run-time invariant (invariants.ts) is logged and counted here. See docs/round-engine.md.
 */
export class RoundEngine {
  readonly #sys: RoundSystems;

  constructor(deps: RoundEngineDeps) {
    const games = deps.games ?? gameForCode;
    const game = (code: string): ResolvedGame => {
      const resolved = games(code);
      if (!resolved) throw gameError("unknown_game", `The game ${JSON.stringify(code)} is not available.`);
      return resolved;
    };
    const queries = new RoundQueries({ store: deps.store, seeds: deps.seeds, wallet: deps.wallet, game });
    const settlements = {} as Record<RoundRow["mode"] | "free", Settlement>;
    this.#sys = {
      store: deps.store,
      ledger: new Ledger(deps.store.writer),
      queries,
      clock: deps.clock,
      wallet: deps.wallet,
      seeds: deps.seeds,
      outbox: deps.outbox,
      policy: deps.policy,
      logger: deps.logger ?? silent,
      metrics: deps.metrics,
      game,
      settlementOf: (mode) => settlements[mode],
      freeRoundSettlement: () => settlements.free,
    };
    const wallet = new WalletSettlement(this.#sys);
    settlements.demo = new DemoSettlement(this.#sys);
    settlements.real = wallet;
    settlements.free = new FreeRoundSettlement(wallet);
  }

  play(session: GameSession, input: BetInput): Promise<RoundResult> {
    return this.#watched(openRound(this.#sys, session, input));
  }

  act(session: GameSession, input: ActionInput): Promise<RoundResult> {
    return this.#watched(actOnRound(this.#sys, session, input));
  }

  /** Settles a round nobody finishes (see abandon-round.ts). */
  abandon(roundId: string): Promise<void> {
    return this.#watched(abandonRound(this.#sys, roundId));
  }

  /** What `abandon` would give the round's player now, written nowhere (see abandon-preview.ts). */
  abandonPreview(roundId: string): Promise<AbandonPreview | undefined> {
    return abandonPreview(this.#sys, roundId);
  }

  /** Time passing in a time-driven game: applied once the round's deadline is due. */
  tick(roundId: string): Promise<void> {
    return this.#watched(tickRound(this.#sys, roundId));
  }

  current(session: GameSession) {
    return this.#sys.queries.current(session);
  }

  /** The free rounds the session may play, as the game client shows them; undefined when none. */
  freeRounds(session: GameSession): Promise<FreeRoundsInfo | undefined> {
    return freeRoundsInfo(this.#sys, session);
  }

  history(session: GameSession, opts: { limit: number; before?: string }) {
    return this.#sys.queries.history(session, opts);
  }

  round(session: GameSession, roundId: string): Promise<RoundDetails> {
    return this.#sys.queries.round(session, roundId);
  }

  recorded(session: GameSession, roundId: string) {
    return this.#sys.queries.recorded(session, roundId);
  }

  /** A broken invariant is a defect: the error log names it and the metric counts it, once, for an alert. */
  async #watched<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof InvariantBroken) reportInvariant(this.#sys.logger, this.#sys.metrics, error);
      throw error;
    }
  }
}
