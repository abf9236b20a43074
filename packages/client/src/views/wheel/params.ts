/** Wheel params ({segments, risk}) and the layout the games package gives for them. */

import { RISKS } from "@rgs/games/games/risk";
import type { WheelParams } from "@rgs/games/games/wheel/game";
import { isOffered, layoutOf, SEGMENT_COUNTS } from "@rgs/games/games/wheel/paytable";
import { type Rational, toFixedDown } from "@rgs/games/math/rational";

export const DEFAULT_WHEEL: WheelParams = { segments: 30, risk: "medium" };

export const defaultParams = (_gameCode: string): WheelParams => ({ ...DEFAULT_WHEEL });

export function readWheel(params: unknown): WheelParams {
  const record = (params ?? {}) as { segments?: unknown; risk?: unknown };
  const segments = SEGMENT_COUNTS.find((n) => n === record.segments) ?? DEFAULT_WHEEL.segments;
  const risk = RISKS.find((r) => r === record.risk) ?? DEFAULT_WHEEL.risk;
  return { segments, risk };
}

/** Segment 0 first, as the round's view writes it (2 decimals). */
export const wheelLayout = (params: WheelParams, rtp: Rational): string[] | undefined =>
  isOffered(rtp) ? layoutOf(params.segments, params.risk, rtp).map((m) => toFixedDown(m, 2)) : undefined;
