/** Plinko: the ball falls along the server's left/right path into the bucket that paid. */
import { type PlinkoView, plinkoGame } from "@rgs/games/games/plinko/game";
import { BoardFrame } from "../shared/board.tsx";
import { maxPayoutOf } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { BucketTable } from "./bucket-table.tsx";
import { PlinkoControls } from "./controls.tsx";
import { ballAt, dropDuration, geometryOf, waypoints } from "./geometry.ts";
import { plinkoDefaults, RISK_KEYS, readPlinko } from "./params.ts";
import { PlinkoSvg } from "./plinko-svg.tsx";
import { plinkoMultipliers } from "./tables.ts";

export const defaultParams = plinkoDefaults(plinkoGame);

export const maxPayout = maxPayoutOf(plinkoGame);

export function Board(props: GameViewProps) {
  const params = readPlinko(props.params);
  const view = props.round?.view as PlinkoView | undefined;
  const reveal = useReveal(props, view ? dropDuration(view.rows) : 0);
  // The round's board while it is on show; the chosen board once the player changes rows or risk.
  const current = view && view.rows === params.rows && view.risk === params.risk ? view : undefined;
  const rows = current?.rows ?? params.rows;
  const g = geometryOf(rows);
  const rtp = rtpOf(props.gameCode);
  const multipliers = current?.multipliers ?? (rtp && plinkoMultipliers(params, rtp)) ?? [];
  const ball = current && ballAt(g, waypoints(g, current.path), reveal.elapsed);
  const marks =
    current && ball?.landed
      ? multipliers.map((_, k) =>
          k === current.bucket ? { flashKey: props.round?.id, highlighted: true } : undefined,
        )
      : undefined;
  return (
    <BoardFrame reveal={reveal} class="plinko-board" label={props.t("games.plinko.board")}>
      <PlinkoSvg
        formatLabel={props.format.decimal}
        g={g}
        multipliers={multipliers}
        balls={ball && !ball.landed ? [{ key: "ball", ...ball }] : []}
        marks={marks}
      />
    </BoardFrame>
  );
}

export const Controls = (props: GameViewProps) => <PlinkoControls {...props} game={plinkoGame} />;

export function Rules(props: GameViewProps) {
  const { t } = props;
  const params = readPlinko(props.params);
  const rtp = rtpOf(props.gameCode);
  const multipliers = rtp && plinkoMultipliers(params, rtp);
  return (
    <div class="views-rules plinko-rules">
      <p>{t("games.plinko.rules.intro")}</p>
      <p>{t("games.plinko.rules.table", { rows: params.rows, risk: t(RISK_KEYS[params.risk]) })}</p>
      {multipliers && <BucketTable view={props} rows={params.rows} multipliers={multipliers} />}
    </div>
  );
}
