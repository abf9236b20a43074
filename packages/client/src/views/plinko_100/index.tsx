/** Plinko 100: a hundred balls fall in quick succession; each bucket counts its balls; the bet pays their mean. */
import { BALLS, type Plinko100View, plinko100Game } from "@rgs/games/games/plinko_100/game";
import { useMemo } from "preact/hooks";
import { BucketTable } from "../plinko/bucket-table.tsx";
import { PlinkoControls } from "../plinko/controls.tsx";
import { ballAt, geometryOf, waypoints } from "../plinko/geometry.ts";
import { plinkoDefaults, RISK_KEYS, readPlinko } from "../plinko/params.ts";
import { type BucketMark, PlinkoSvg } from "../plinko/plinko-svg.tsx";
import { plinkoMultipliers } from "../plinko/tables.ts";
import { BoardFrame } from "../shared/board.tsx";
import { maxPayoutOf } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { ballStart, bucketCounts, HOP_100_MS, landedAt, runningTotals, totalDuration } from "./timeline.ts";
import "./plinko_100.css";

export const defaultParams = plinkoDefaults(plinko100Game);

export const maxPayout = maxPayoutOf(plinko100Game);

export function Board(props: GameViewProps) {
  const { t } = props;
  const params = readPlinko(props.params);
  const view = props.round?.view as Plinko100View | undefined;
  const reveal = useReveal(props, view ? totalDuration(view.paths.length, view.rows) : 0);
  const current = view && view.rows === params.rows && view.risk === params.risk ? view : undefined;
  const rows = current?.rows ?? params.rows;
  const g = geometryOf(rows);
  const rtp = rtpOf(props.gameCode);
  const multipliers = current?.multipliers ?? (rtp && plinkoMultipliers(params, rtp)) ?? [];
  const routes = useMemo(() => current?.paths.map((path) => waypoints(g, path)) ?? [], [current, rows]);
  const totals = useMemo(
    () => (current ? runningTotals(current.buckets, current.multipliers) : []),
    [current],
  );

  const balls: { key: number; x: number; y: number }[] = [];
  let marks: (BucketMark | undefined)[] | undefined;
  let landed = 0;
  if (current) {
    const elapsed = reveal.done ? Number.POSITIVE_INFINITY : reveal.elapsed;
    landed = reveal.done ? current.buckets.length : landedAt(elapsed, current.buckets.length, rows);
    routes.forEach((route, i) => {
      const since = elapsed - ballStart(i);
      if (since < 0) return;
      const ball = ballAt(g, route, since, HOP_100_MS);
      if (!ball.landed) balls.push({ key: i, x: ball.x, y: ball.y });
    });
    const counts = bucketCounts(current.buckets, landed, rows);
    marks = counts.map((count, k) =>
      count > 0 ? { badge: String(count), flashKey: reveal.done ? undefined : `${k}-${count}` } : undefined,
    );
  }
  return (
    <BoardFrame reveal={reveal} class="plinko-board plinko_100-board" label={t("games.plinko_100.board")}>
      <PlinkoSvg
        formatLabel={props.format.decimal}
        g={g}
        multipliers={multipliers}
        balls={balls}
        marks={marks}
      />
      {current && (
        <div class="plinko-summary" aria-hidden={!reveal.done}>
          <span>{t("games.plinko_100.landed", { landed, balls: current.buckets.length })}</span>
          <span>
            {t("games.plinko_100.total", {
              multiplier: props.format.multiplier(totals[landed] ?? current.multiplier),
            })}
          </span>
        </div>
      )}
    </BoardFrame>
  );
}

export const Controls = (props: GameViewProps) => <PlinkoControls {...props} game={plinko100Game} />;

export function Rules(props: GameViewProps) {
  const { t } = props;
  const params = readPlinko(props.params);
  const rtp = rtpOf(props.gameCode);
  const multipliers = rtp && plinkoMultipliers(params, rtp);
  return (
    <div class="views-rules plinko_100-rules">
      <p>{t("games.plinko_100.rules.intro", { balls: BALLS })}</p>
      <p>{t("games.plinko.rules.table", { rows: params.rows, risk: t(RISK_KEYS[params.risk]) })}</p>
      {multipliers && <BucketTable view={props} rows={params.rows} multipliers={multipliers} />}
    </div>
  );
}
