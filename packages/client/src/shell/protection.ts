/**
 * The player-protection side of a session, read from the server's session data: what the jurisdiction's rules
 * ask the screen to show or hold back (docs/jurisdictions.md), and the figures the server keeps for it (when the
 * session started, its net position, when the next reality check and the next round may come). The server
 * judges every play; these only let the screen say so before it refuses.
 */
import type { CurrentState, ProtectionFigures } from "../api/types.ts";
import { safeHttpUrl } from "./safe-url.ts";

export interface ResponsibleLinks {
  /** The operator's responsible-gambling page. */
  responsibleGambling?: string;
  /** The player's limits page. */
  limits?: string;
}

export interface Protection {
  profile: string;
  /** Minimum time between the starts of two rounds, in milliseconds (0: none). */
  minRoundMs: number;
  showNetPosition: boolean;
  showSessionTimer: boolean;
  /**
   * A round returning its stake or less may be celebrated: the shell never does (outcome.ts); the views' marks
   * of what paid follow it (views/shared/celebration.ts).
   */
  celebrateAtMostStake: boolean;
  /** No betting or money wording (the social catalogs). */
  social: boolean;
  /** When the session was first launched (epoch ms). */
  startedAt?: number;
  /** Payouts minus stakes of the session's closed rounds, in minor units, as the server last said. */
  netPosition?: bigint;
  /** When the next reality check falls due (epoch ms); null: none. */
  realityCheckDueAt: number | null;
  /** No new round before this (epoch ms); null: none. */
  nextRoundAt: number | null;
  links: ResponsibleLinks;
}

/** A signed decimal string ("-12.50") in minor units; undefined for anything else. */
export function signedMinor(text: unknown, decimals: number): bigint | undefined {
  if (typeof text !== "string") return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3] ?? "").length > decimals) return undefined;
  const units = BigInt(`${match[2]}${(match[3] ?? "").padEnd(decimals, "0")}`);
  return match[1] ? -units : units;
}

/** An ISO time in epoch ms; null for null, undefined for anything unreadable or absent. */
export function instantOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

function linksOf(value: unknown): ResponsibleLinks {
  if (typeof value !== "object" || value === null) return {};
  const { responsibleGambling, limits } = value as Record<string, unknown>;
  const rg = typeof responsibleGambling === "string" ? safeHttpUrl(responsibleGambling) : null;
  const own = typeof limits === "string" ? safeHttpUrl(limits) : null;
  return { ...(rg && { responsibleGambling: rg }), ...(own && { limits: own }) };
}

/** The figures of a session's data or of the reality check's answer, as far as they are readable. */
export function readFigures(
  figures: ProtectionFigures,
  decimals: number,
): Pick<Protection, "startedAt" | "netPosition"> & {
  realityCheckDueAt?: number | null;
  nextRoundAt?: number | null;
} {
  const startedAt = instantOf(figures.startedAt);
  const netPosition = signedMinor(figures.netPosition, decimals);
  const dueAt = instantOf(figures.realityCheckDueAt);
  const nextRoundAt = instantOf(figures.nextRoundAt);
  return {
    ...(typeof startedAt === "number" && { startedAt }),
    ...(netPosition !== undefined && { netPosition }),
    ...(dueAt !== undefined && { realityCheckDueAt: dueAt }),
    ...(nextRoundAt !== undefined && { nextRoundAt }),
  };
}

export function readProtection(session: CurrentState["session"]): Protection {
  const { rules, profile } = session.jurisdiction;
  const figures = readFigures(session as ProtectionFigures, session.decimals);
  return {
    profile,
    minRoundMs: Math.max(0, Math.round(rules.minRoundSeconds * 1000)),
    showNetPosition: rules.netPosition,
    showSessionTimer: rules.sessionTimer,
    celebrateAtMostStake: rules.celebrateAtMostStake,
    social: rules.wording === "social",
    ...figures,
    realityCheckDueAt: figures.realityCheckDueAt ?? null,
    nextRoundAt: figures.nextRoundAt ?? null,
    links: linksOf((session as ProtectionFigures).links),
  };
}
