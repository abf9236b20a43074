/** Lightning Plinko: lightning strikes some buckets with boosts, then the ball falls along the server's path. */
import { type LightningPlinkoView, lightningPlinkoGame } from "@rgs/games/games/lightning_plinko/game";
import { useMemo } from "preact/hooks";
import { BucketTable } from "../plinko/bucket-table.tsx";
import { PlinkoControls } from "../plinko/controls.tsx";
import { ballAt, geometryOf, waypoints } from "../plinko/geometry.ts";
import { plinkoDefaults, RISK_KEYS, readPlinko } from "../plinko/params.ts";
import { type BucketMark, PlinkoSvg } from "../plinko/plinko-svg.tsx";
import { BoardFrame } from "../shared/board.tsx";
import { maxPayoutOf } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { hashString } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { baseMultipliers, boosted, boostOdds } from "./tables.ts";
import { BOLT_MS, boltPoints, dropStart, strikeTime, totalDuration } from "./timeline.ts";
import "./lightning_plinko.css";

export const defaultParams = plinkoDefaults(lightningPlinkoGame);

export const maxPayout = maxPayoutOf(lightningPlinkoGame);

export function Board(props: GameViewProps) {
  const { t } = props;
  const params = readPlinko(props.params);
  const view = props.round?.view as LightningPlinkoView | undefined;
  const reveal = useReveal(props, view ? totalDuration(view.strikes.length, view.rows) : 0);
  const current = view && view.rows === params.rows && view.risk === params.risk ? view : undefined;
  const rows = current?.rows ?? params.rows;
  const g = geometryOf(rows);
  const rtp = rtpOf(props.gameCode);
  const base = current?.multipliers ?? (rtp && baseMultipliers(params, rtp)) ?? [];
  const seed = hashString(props.round?.id ?? "");
  const route = useMemo(() => (current ? waypoints(g, current.path) : []), [current, rows]);

  let multipliers: readonly string[] = base;
  let marks: (BucketMark | undefined)[] | undefined;
  const bolts: { key: number; points: string; fade: number }[] = [];
  let ball: { x: number; y: number; landed: boolean } | undefined;
  if (current) {
    const struck = new Map<number, string>();
    current.strikes.forEach((strike, i) => {
      const since = reveal.elapsed - strikeTime(i);
      if (since < 0) return;
      struck.set(strike.bucket, strike.boost);
      if (since < BOLT_MS)
        bolts.push({
          key: strike.bucket,
          points: boltPoints(g, strike.bucket, seed + i),
          fade: 1 - since / BOLT_MS,
        });
    });
    ball = ballAt(g, route, reveal.elapsed - dropStart(current.strikes.length));
    multipliers = base.map((m, k) => {
      const boost = struck.get(k);
      return boost ? boosted(m, boost) : m;
    });
    marks = base.map((_, k) => {
      const boost = struck.get(k);
      const hit = ball?.landed && k === current.bucket;
      return boost || hit
        ? { boost, highlighted: hit, flashKey: hit ? props.round?.id : undefined }
        : undefined;
    });
  }
  return (
    <BoardFrame
      reveal={reveal}
      class="plinko-board lightning_plinko-board"
      label={t("games.lightning_plinko.board")}
    >
      <PlinkoSvg
        formatLabel={props.format.decimal}
        g={g}
        multipliers={multipliers}
        balls={ball && !ball.landed && reveal.elapsed >= 0 ? [{ key: "ball", x: ball.x, y: ball.y }] : []}
        marks={marks}
      >
        {bolts.map((bolt) => (
          <polyline key={bolt.key} class="lightning_plinko-bolt" points={bolt.points} opacity={bolt.fade} />
        ))}
      </PlinkoSvg>
    </BoardFrame>
  );
}

export const Controls = (props: GameViewProps) => <PlinkoControls {...props} game={lightningPlinkoGame} />;

export function Rules(props: GameViewProps) {
  const { t } = props;
  const params = readPlinko(props.params);
  const rtp = rtpOf(props.gameCode);
  const multipliers = rtp && baseMultipliers(params, rtp);
  return (
    <div class="views-rules lightning_plinko-rules">
      <p>{t("games.lightning_plinko.rules.intro")}</p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.lightning_plinko.boost")}</th>
            <th scope="col">{t("games.lightning_plinko.strikeChance")}</th>
          </tr>
        </thead>
        <tbody>
          {boostOdds().map((row) => (
            <tr key={row.boost}>
              <td>×{props.format.decimal(row.boost)}</td>
              <td>{props.format.percent(row.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t("games.lightning_plinko.rules.base", { rows: params.rows, risk: t(RISK_KEYS[params.risk]) })}</p>
      {multipliers && <BucketTable view={props} rows={params.rows} multipliers={multipliers} />}
    </div>
  );
}
