/**
 * What the bet amount entered pays: "payout on win" for games with one possible win (dice, limbo), "max
 * payout" for games with a table of wins. Computed exactly as the server does, from the game's own
 * definition: its params parsed, then maxPayout(params, stake, rtp) (the games package's payout maths). The
 * same function lets the shell refuse a bet that could pay more than the maximum win before sending it.
 */
import type { GameDefinition } from "@rgs/games/model";
import type { GameViewModule, GameViewProps, ViewContext } from "../types.ts";
import { Stat } from "./controls.tsx";
import { rtpOf } from "./rtp.ts";

type PayoutGame<P> = Pick<GameDefinition<P>, "parseParams" | "maxPayout">;

/** The largest payout of `stake` with these params, or undefined when the params are not valid. */
export function payoutFor<P>(
  game: PayoutGame<P>,
  gameCode: string,
  params: unknown,
  stake: bigint,
  decimals: number,
): bigint | undefined {
  const rtp = rtpOf(gameCode);
  if (!rtp) return undefined;
  const parsed = game.parseParams(params, { rtp, decimals });
  return parsed.ok ? game.maxPayout(parsed.value, stake, rtp) : undefined;
}

/** A view module's `maxPayout`, from its game's definition. */
export function maxPayoutOf<P>(game: PayoutGame<P>): NonNullable<GameViewModule["maxPayout"]> {
  return (gameCode, params, stake, decimals) => payoutFor(game, gameCode, params, stake, decimals);
}

export function PayoutStat<P>(props: { game: PayoutGame<P>; view: GameViewProps; kind: "onWin" | "max" }) {
  const { view } = props;
  const paid =
    view.amount === undefined
      ? undefined
      : payoutFor(props.game, view.gameCode, view.params, view.amount, view.currency.decimals);
  return (
    <Stat label={view.t(props.kind === "onWin" ? "games.common.payoutOnWin" : "games.common.maxPayout")}>
      <span data-testid="payout-on-win">{paid === undefined ? "–" : view.format.amount(paid)}</span>
    </Stat>
  );
}

/**
 * The first of `candidates` (the game's usual first choice, then tamer ones) whose largest payout at the
 * session's minimum bet stays within its maximum win: a session whose maximum win is small still opens with a
 * bet it can place. The last candidate when none does.
 */
export function firstWithinMaxWin<P, C>(
  game: PayoutGame<P>,
  gameCode: string,
  context: ViewContext,
  candidates: readonly C[],
): C {
  const fits = candidates.find((params) => {
    const largest = payoutFor(game, gameCode, params, context.limits.minBet, context.decimals);
    return largest !== undefined && largest <= context.limits.maxWin;
  });
  return fits ?? (candidates.at(-1) as C);
}
