import { gameForCode } from "@rgs/games/registry";
import type { ReplayResponse } from "@rgs/protocol/game-api";
import { formatAmount } from "@rgs/protocol/money";
import { findAnyRound, findVerifyInputs } from "../rounds/history-repository.ts";
import { toPlainJson } from "../rounds/json-codec.ts";
import { UNFINISHED } from "../rounds/round-repository.ts";
import { isCancelled, summarize } from "../rounds/round-summary.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";

export type ReplayRead =
  | { found: "round"; operatorId: string; replay: ReplayResponse }
  | { found: "unfinished"; operatorId: string }
  | { found: "none" };

/**
 * What a replay link shows of a round, hot or moved to the history: nothing of its player or session, the
 * server seed only once its pair is retired (SeedService.fairness), and for a round that was cancelled (the
 * wallet never confirmed its stake; its rollback may still be on its way) no outcome at all, since none was
 * ever played.
 */
export async function readReplay(
  deps: { store: Pick<Store, "db">; seeds: Pick<SeedService, "fairness"> },
  roundId: string,
): Promise<ReplayRead> {
  const round = await findAnyRound(deps.store, roundId);
  if (!round) return { found: "none" };
  const operatorId = round.operatorId;
  const cancelled = isCancelled(round) || round.status === "void";
  if (!cancelled && UNFINISHED.includes(round.status)) return { found: "unfinished", operatorId };
  const summary = summarize(round);
  if (cancelled) {
    const { id, gameCode, stake, currency, note, createdAt, closedAt } = summary;
    const cancelled = { id, gameCode, stake, currency, createdAt, note, closedAt };
    return {
      found: "round",
      operatorId,
      replay: { status: "cancelled", round: withoutUndefined(cancelled) },
    };
  }
  const [fairness, inputs] = await Promise.all([
    deps.seeds.fairness(deps.store.db, round.seedPairId),
    findVerifyInputs(deps.store, round.id),
  ]);
  if (!inputs) throw new Error(`round ${round.id} has no session`);
  const resolved = gameForCode(round.gameCode);
  return {
    found: "round",
    operatorId,
    replay: {
      status: "closed",
      round: {
        ...summary,
        params: toPlainJson(round.params),
        actions: round.actions,
        fairness: { ...fairness, nonce: round.nonce },
        ...(resolved && { reveal: toPlainJson(resolved.game.reveal(round.state)) }),
      },
      maxWin: formatAmount(inputs.maxWin, round.decimals),
    },
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
