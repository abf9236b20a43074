/** The Plinko board drawing shared by Plinko, Plinko 100 and Lightning Plinko: pegs, buckets, balls. */
import type { ComponentChildren } from "preact";
import { BOARD_WIDTH, type BoardGeometry, bucketColour, bucketX, pegsOf } from "./geometry.ts";
import "./plinko.css";

/** "110.00" -> "110", "0.50" -> "0.5": bucket faces are small. */
export const shortMultiplier = (text: string): string =>
  text.includes(".") ? text.replace(/\.?0+$/, "") : text;

export interface BucketMark {
  /** Re-keyed on every landing so its flash animation plays again. */
  flashKey?: string;
  /** A small figure over the bucket (Plinko 100's ball count). */
  badge?: string;
  /** Lightning: the boost struck on it. */
  boost?: string;
  highlighted?: boolean;
}

export function PlinkoSvg(props: {
  g: BoardGeometry;
  /** A short multiplier in the player's language ("0.5" -> "0,5"). */
  formatLabel(short: string): string;
  multipliers: readonly string[];
  balls: readonly { key: string | number; x: number; y: number }[];
  marks?: readonly (BucketMark | undefined)[];
  /** Drawn above the buckets (lightning bolts). */
  children?: ComponentChildren;
}) {
  const { g } = props;
  const width = g.spacing * 0.92;
  return (
    <svg
      class="plinko-svg"
      viewBox={`0 0 ${BOARD_WIDTH} ${g.height}`}
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid meet"
    >
      <g class="plinko-pegs">
        {pegsOf(g).map((peg) => (
          <circle key={`${peg.x}:${peg.y}`} cx={peg.x} cy={peg.y} r={g.pegRadius} />
        ))}
      </g>
      {props.multipliers.map((multiplier, k) => {
        const mark = props.marks?.[k];
        const label = props.formatLabel(shortMultiplier(multiplier));
        const x = bucketX(g, k) - width / 2;
        return (
          <g
            key={k}
            class={`plinko-bucket${mark?.highlighted ? " plinko-bucket-hit" : ""}${mark?.boost ? " plinko-bucket-struck" : ""}`}
          >
            <rect
              x={x}
              y={g.bucketTop}
              width={width}
              height={g.bucketHeight}
              rx={g.spacing * 0.12}
              fill={bucketColour(k, g.rows)}
            />
            {mark?.flashKey && (
              <rect
                key={mark.flashKey}
                class="plinko-flash"
                x={x}
                y={g.bucketTop}
                width={width}
                height={g.bucketHeight}
                rx={g.spacing * 0.12}
              />
            )}
            <text
              class="plinko-bucket-text"
              x={bucketX(g, k)}
              y={g.bucketTop + g.bucketHeight / 2}
              font-size={Math.min(13, g.spacing * 0.48)}
              {...(label.length > 2 ? { textLength: width * 0.86, lengthAdjust: "spacingAndGlyphs" } : {})}
            >
              {label}
            </text>
            {mark?.boost && (
              <text
                class="plinko-boost-text"
                x={bucketX(g, k)}
                y={g.bucketTop + g.bucketHeight + 12}
                font-size={Math.min(12, g.spacing * 0.34)}
              >
                ×{mark.boost}
              </text>
            )}
            {mark?.badge && (
              <text
                class="plinko-badge-text"
                x={bucketX(g, k)}
                y={g.bucketTop + g.bucketHeight + 14}
                font-size={Math.min(12, g.spacing * 0.34)}
              >
                {mark.badge}
              </text>
            )}
          </g>
        );
      })}
      {props.children}
      <g class="plinko-balls">
        {props.balls.map((ball) => (
          <circle key={ball.key} class="plinko-ball" cx={ball.x} cy={ball.y} r={g.ballRadius} />
        ))}
      </g>
    </svg>
  );
}
