import { randomUUID } from "node:crypto";
import type { ResolvedGame } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import { type FreeRoundOffer, freeRoundOffer } from "../campaigns/free-round-grants.ts";
import { GameError, gameError } from "../game-error.ts";
import { refuseWhenRealityCheckDue } from "../jurisdictions/reality-checks.ts";
import { minRoundMsOf, takeRoundStart } from "../jurisdictions/round-pace.ts";
import { uniqueViolationOf } from "../store/constraint-violation.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { type ValidBet, validateBet } from "./bet-validation.ts";
import { type LedgerTx, laneOf } from "./ledger.ts";
import {
  findRoundByRequestKey,
  isRequestKeyViolation,
  replayBet,
  requestDigest,
  requestInProgress,
} from "./request-keys.ts";
import { activeRoundExists, REFUSALS } from "./round-errors.ts";
import type { RoundRow } from "./round-repository.ts";
import type { RoundResult } from "./round-summary.ts";
import { fairRandom, type RoundSystems } from "./round-systems.ts";
import { noFreeRoundLeft } from "./settlement/free-round-settlement.ts";
import type { StepOutcome } from "./settlement/settlement.ts";
import type { AnyStep } from "./step-bookkeeping.ts";

/**
 * How long a bet waits for the player's previous round of the game to close when its payout is in flight
 * (at most `checks x everyMs`): about the time an instance takes to record a wallet's confirmation under load.
 */
export const SETTLING_WAIT = { checks: 10, everyMs: 50 };

export interface BetInput {
  amount: string;
  params: unknown;
  requestKey?: string;
  /** Play one of the session's free rounds: at its campaign's bet and parameters, whatever `amount` and `params` say. */
  freeRound?: boolean;
}

type RequestKey = { value: string; digest: string };

/**
 * Opens a round: validates the bet, takes the player's next nonce, runs the game's first step and has the
 * round's settlement store it (one job), then lets the settlement send or settle what it stored.
 */
export async function openRound(
  sys: RoundSystems,
  session: GameSession,
  input: BetInput,
  waited = false,
): Promise<RoundResult> {
  const resolved = sys.game(session.gameCode);
  const decimals = decimalsOf(session.currency);
  const offer = input.freeRound === true ? await freeRoundFor(sys, session, resolved) : undefined;
  const played = offer ? { amount: formatAmount(offer.bet, decimals), params: offer.params } : input;
  const bet = validateBet(session, resolved, decimals, played);
  const key: RequestKey | undefined =
    input.requestKey === undefined
      ? undefined
      : {
          value: input.requestKey,
          digest: requestDigest({
            mode: session.mode,
            game: session.gameCode,
            stake: bet.stake,
            params: played.params,
            ...(offer && { freeRound: true }),
          }),
        };
  // A profile's player protection: nothing to read or write for a session without it.
  const minRoundMs = minRoundMsOf(session, resolved.info.category);
  if (session.realityCheckMinutes !== undefined && session.realityCheckMinutes !== null) {
    try {
      await refuseWhenRealityCheckDue(sys.store.db, session, new Date(sys.clock.now()));
    } catch (error) {
      return answerResend(sys, session, key, error);
    }
  }
  const settlement = offer ? sys.freeRoundSettlement() : sys.settlementOf(session.mode);
  // The batch takes this bet's nonce, and what the settlement reads, with the other bets' in one statement each.
  const pairId = sys.seeds.hintedPair(session);
  const plan = { ...(pairId !== undefined && { nonceOf: pairId }), ...settlement.plan(session) };
  let opened: Exclude<StepOutcome, { kind: "refused" }>;
  try {
    opened = await sys.ledger.writePlanned(laneOf(session), plan, async (tx) => {
      const opening = { resolved, bet, decimals, key, pairId, minRoundMs, offer };
      const outcome = await openingStep(sys, tx, session, opening);
      if (outcome.kind === "refused") throw outcome.error;
      return outcome;
    });
  } catch (error) {
    const violation = uniqueViolationOf(error);
    if (violation === undefined) return answerResend(sys, session, key, error);
    return onOpenConflict(sys, session, input, {
      key,
      waited,
      requestKeyTaken: isRequestKeyViolation(violation),
    });
  }
  return settlement.after(opened, true);
}

interface Opening {
  resolved: ResolvedGame;
  bet: ValidBet;
  decimals: number;
  key: RequestKey | undefined;
  pairId: string | undefined;
  offer: FreeRoundOffer | undefined;
  /** The profile's minimum time since the player's previous round start (0: none). */
  minRoundMs: number;
}

/** The job that opens the round: the nonce, the game's first step, and the settlement's writes. */
async function openingStep(
  sys: RoundSystems,
  tx: LedgerTx,
  session: GameSession,
  opening: Opening,
): Promise<StepOutcome> {
  const { resolved, bet, decimals, key, pairId, minRoundMs, offer } = opening;
  const now = new Date(sys.clock.now());
  const roundId = randomUUID();
  // Taken in this job, so a round that fails to open leaves the player's previous start in place.
  if (minRoundMs > 0) await takeRoundStart(tx.db, session, roundId, now, minRoundMs);
  const planned = pairId === undefined ? undefined : tx.plannedNonce(pairId);
  const seeds = await sys.seeds.allocateNonce(tx.db, session, planned);
  const random = fairRandom(seeds, seeds.nonce).reader(0);
  const maxWin = session.betLimits.maxWin;
  // A free round's stake is the campaign's, so its whole payout, the stake's share included, stays within the maximum win.
  const gameMaxWin = offer ? maxWin - bet.stake : maxWin;
  const step = resolved.game.start(
    { stake: bet.stake, params: bet.params, rtp: resolved.rtp, maxWin: gameMaxWin },
    { random, now: now.getTime() },
  ) as AnyStep;
  if (step.ops[0]?.kind !== "debit") {
    // A cash-out game whose very first step would pay more than the maximum win declines the bet.
    if (step.closed && step.ops.length === 0) {
      throw gameError(
        "max_win_exceeded",
        "Even the first step of this bet would pay more than the maximum win; lower the stake or the risk.",
      );
    }
    throw new Error(`${resolved.info.slug}: a round must open with a debit`);
  }
  const round: RoundRow = {
    id: roundId,
    sessionId: session.id,
    operatorId: session.operatorId,
    playerId: session.playerId,
    mode: session.mode,
    gameCode: session.gameCode,
    currency: session.currency,
    decimals,
    status: "initializing",
    stakeTotal: 0n,
    payoutTotal: 0n,
    params: bet.params,
    state: step.state,
    view: step.view,
    actions: [],
    seedPairId: seeds.seedPairId,
    nonce: seeds.nonce,
    randomPosition: 0,
    deadline: null,
    closeReason: null,
    note: null,
    createdAt: now,
    lastActionAt: now,
    closedAt: null,
    ...(key !== undefined && { requestKey: key.value, requestDigest: key.digest }),
  };
  const pending = {
    step,
    position: random.position,
    entry: undefined,
    debits: [],
    nextSeq: 0,
    maxWin,
    ...(minRoundMs > 0 && { paced: true }),
  };
  const settlement = offer ? sys.freeRoundSettlement() : sys.settlementOf(session.mode);
  return settlement.apply(tx, round, pending, now, {
    opensWith: bet.stake,
    ...(offer && { freeRound: offer }),
  });
}

/** The session's next free round, for a game that has one stake per round; refused when there is none. */
async function freeRoundFor(
  sys: RoundSystems,
  session: GameSession,
  resolved: ResolvedGame,
): Promise<FreeRoundOffer> {
  if (resolved.game.kind === "table") {
    throw gameError("no_free_rounds", "Free rounds are played in single-round and cash-out games only.");
  }
  const offer = await freeRoundOffer(sys.store.db, session, new Date(sys.clock.now()));
  if (offer === undefined) throw noFreeRoundLeft();
  return offer;
}

/**
 * The round could not be inserted: a resend of a bet with the same key (answered from its round), or the
 * player's previous round of the game is not over. One that only waits for its payout is delivered now,
 * since the player is here, and the bet goes ahead once it has closed. A payout another instance is
 * delivering (it holds the lease) is recorded there a batch after its player was answered, so a bet sent at
 * once through this instance waits a moment for it rather than being refused.
 */
async function onOpenConflict(
  sys: RoundSystems,
  session: GameSession,
  input: BetInput,
  conflict: { key: RequestKey | undefined; waited: boolean; requestKeyTaken: boolean },
): Promise<RoundResult> {
  const { key } = conflict;
  if (key !== undefined) {
    const prior = await findRoundByRequestKey(sys.store.db, session, key.value);
    if (prior) return replayBet(sys.store.db, prior, key.digest, REFUSALS);
    if (conflict.requestKeyTaken) throw requestInProgress();
  }
  const active = await sys.queries.unfinished(session);
  if (active?.status === "settling" && !conflict.waited) {
    await sys.outbox.expedite(active.id);
    for (let check = 0; check <= SETTLING_WAIT.checks; check++) {
      if ((await sys.queries.unfinished(session)) === undefined) return openRound(sys, session, input, true);
      if (check < SETTLING_WAIT.checks) await sys.policy.sleep(SETTLING_WAIT.everyMs);
    }
  }
  throw activeRoundExists(active);
}

/**
 * A bet refused by the player's protection rules may be the resend of one that was accepted before the
 * rule applied (its answer lost): that one is answered with its round, as any resend.
 */
async function answerResend(
  sys: RoundSystems,
  session: GameSession,
  key: RequestKey | undefined,
  error: unknown,
): Promise<RoundResult> {
  const protection = error instanceof GameError && PROTECTION_CODES.has(error.code);
  if (!protection || key === undefined) throw error;
  const prior = await findRoundByRequestKey(sys.store.db, session, key.value);
  if (!prior) throw error;
  return replayBet(sys.store.db, prior, key.digest, REFUSALS);
}

const PROTECTION_CODES: ReadonlySet<string> = new Set(["round_too_soon", "reality_check_due"]);

function decimalsOf(currency: string): number {
  const found = resolveCurrency(currency);
  if (!found) throw new Error(`unknown session currency ${currency}`);
  return found.decimals;
}
