/**
 * A game code's catalog entry beyond its code, name and RTP, as `GET /operator/games` gives it: figures from the
 * generated metrics, the parameters a player chooses, the strategy the figures assume, free-round eligibility.
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import { CODE_METRICS } from "./metrics.generated.ts";
import type { CodeMetrics } from "./metrics.ts";
import { type GameParameter, NOT_FOR_FREE_ROUNDS, PARAMETERS, STRATEGIES } from "./parameters.ts";

export type { GameParameter } from "./parameters.ts";

export interface CatalogMetadata extends Omit<CodeMetrics, "configurations"> {
  strategy?: string;
  parameters: GameParameter[];
  freeRounds: boolean;
  /** Path of the lobby icon on the RGS (`/thumbnails/<slug>.svg`). */
  thumbnailPath: string;
}

export function catalogMetadata(info: GameInfo): CatalogMetadata | undefined {
  const metrics = CODE_METRICS[info.code];
  const parameters = PARAMETERS[info.slug];
  if (!metrics || !parameters) return undefined;
  const strategy = STRATEGIES[info.slug];
  return {
    maxMultiplier: metrics.maxMultiplier,
    volatility: metrics.volatility,
    hitFrequency: metrics.hitFrequency,
    ...(strategy === undefined ? {} : { strategy }),
    parameters,
    freeRounds: !NOT_FOR_FREE_ROUNDS.has(info.slug),
    thumbnailPath: `/thumbnails/${info.slug}.svg`,
  };
}
