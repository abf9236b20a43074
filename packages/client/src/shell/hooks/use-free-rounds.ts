/**
 * The free rounds an operator's campaign gives this session (docs/free-rounds.md): the offer, the player's
 * opt-in before the first, the rounds played at the campaign's fixed bet and parameters, and the total they
 * paid once the last one ended; then paid play again with the player's own amount and settings. The server
 * decides what is left: it is read again after every free round, and a refusal (the campaign expired or was
 * cancelled, the rounds were played in another window) is said plainly and returns to paid play.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import type { CurrentState, FreeRoundsInfo } from "../../api/types.ts";
import type { Translate } from "../../i18n/index.ts";
import { toMinor } from "../bet-amount.ts";
import type { Notices } from "./use-notice.ts";

/** No offer; offered (the opt-in on show); put off by the player; being played; the summary on show. */
export type FreeRoundsPhase = "none" | "offer" | "later" | "playing" | "summary";

/**
 * The rounds on offer or being played. A page reloaded during the last free round of a campaign knows that
 * round's campaign and bet only: it is never offered again, so when the rounds lapse is not needed.
 */
export type ShownFreeRounds = Omit<FreeRoundsInfo, "endsAt"> & { endsAt?: string };

/** The free round a reloaded page found open (or settling): it is played on as a free round. */
export interface ResumedFreeRound {
  campaignId: string;
  /** The campaign's bet, a decimal string. */
  bet: string;
}

export interface FreeRoundsTally {
  played: number;
  /** What the rounds paid, in minor units. */
  won: bigint;
}

export interface FreeRoundsOptions {
  api: Pick<GameApi, "current">;
  t: Translate;
  decimals: number;
  initial: FreeRoundsInfo | null | undefined;
  resumed: ResumedFreeRound | undefined;
  notices: Pick<Notices, "show">;
  /** No money wording (a social session). */
  social: boolean;
  /** Sets the amount and the game's parameters to the campaign's; returns what puts the player's back. */
  fix(bet: bigint, params: unknown): () => void;
}

export interface FreeRounds {
  phase: FreeRoundsPhase;
  /** The rounds on offer or being played, as the server last told them. */
  offer: ShownFreeRounds | null;
  /** The campaign's bet in minor units. */
  bet: bigint | undefined;
  tally: FreeRoundsTally;
  accept(): void;
  later(): void;
  reopen(): void;
  /** A free round ended with this payout. */
  ended(payout: bigint): void;
  /** The server has no free round left for this session (no_free_rounds). */
  lapsed(): void;
  /** The summary was read: paid play again, or the next campaign's offer. */
  close(): void;
}

const NO_TALLY: FreeRoundsTally = { played: 0, won: 0n };

/** The open round of a reloaded page, when it is a free round. */
export const resumedFreeRound = (round: CurrentState["round"]): ResumedFreeRound | undefined =>
  round?.freeRound && round.campaignId !== undefined && round.freeRoundBet !== undefined
    ? { campaignId: round.campaignId, bet: round.freeRoundBet }
    : undefined;

interface Opening {
  offer: ShownFreeRounds | null;
  phase: FreeRoundsPhase;
  next: FreeRoundsInfo | null;
}

/** How the page opens: a free round found open is played on, not offered again; else the server's offer. */
function opening(initial: FreeRoundsInfo | null | undefined, resumed: ResumedFreeRound | undefined): Opening {
  if (!resumed) return { offer: initial ?? null, phase: initial ? "offer" : "none", next: null };
  const same = initial?.campaignId === resumed.campaignId ? initial : undefined;
  // The server's count leaves out the open round, which is still being played.
  const offer = same
    ? { ...same, roundsRemaining: same.roundsRemaining + 1 }
    : { campaignId: resumed.campaignId, roundsRemaining: 1, bet: resumed.bet };
  return { offer, phase: "playing", next: same ? null : (initial ?? null) };
}

export function useFreeRounds(options: FreeRoundsOptions): FreeRounds {
  const [start] = useState(() => opening(options.initial, options.resumed));
  const [offer, setOffer] = useState<ShownFreeRounds | null>(start.offer);
  const [phase, setPhase] = useState<FreeRoundsPhase>(start.phase);
  const [tally, setTally] = useState(NO_TALLY);
  const restore = useRef<(() => void) | null>(null);
  // The offer of another campaign the server told while the last rounds ended: shown after the summary.
  const next = useRef<FreeRoundsInfo | null>(start.next);
  const latest = useRef({ options, offer, phase });
  latest.current = { options, offer, phase };
  const bet = offer ? toMinor(offer.bet, options.decimals) : undefined;

  // A resumed free round holds the amount (and settings) at the campaign's until the rounds end.
  useEffect(() => {
    if (start.phase === "playing" && bet !== undefined)
      restore.current = options.fix(bet, start.offer?.params);
  }, []);

  const finish = () => {
    restore.current?.();
    restore.current = null;
    setPhase("summary");
  };

  /** The server's word on what is left, after a free round ended. */
  const reread = async (campaignId: string) => {
    let told: FreeRoundsInfo | null;
    try {
      told = (await latest.current.options.api.current()).freeRounds ?? null;
    } catch {
      return; // The count shown stays; the next free round's answer tells.
    }
    if (latest.current.phase !== "playing" && latest.current.phase !== "summary") return;
    if (told?.campaignId === campaignId) {
      setOffer(told);
      return;
    }
    next.current = told;
    if (latest.current.phase === "playing") finish();
  };

  return {
    phase,
    offer,
    bet,
    tally,
    accept() {
      if (!offer || bet === undefined) return;
      restore.current = latest.current.options.fix(bet, offer.params);
      setTally(NO_TALLY);
      setPhase("playing");
    },
    later: () => setPhase("later"),
    reopen: () => setPhase("offer"),
    ended(payout) {
      const { offer: shown, phase: now } = latest.current;
      if (now !== "playing" || !shown) return;
      setTally((before) => ({ played: before.played + 1, won: before.won + payout }));
      const left = shown.roundsRemaining - 1;
      if (left > 0) setOffer({ ...shown, roundsRemaining: left });
      else finish();
      void reread(shown.campaignId);
    },
    lapsed() {
      const { t, social, notices } = latest.current.options;
      notices.show({
        text: t(social ? "freerounds.social.lapsed" : "freerounds.lapsed"),
        tone: "info",
      });
      next.current = null;
      if (latest.current.phase === "playing" && tally.played > 0) finish();
      else {
        restore.current?.();
        restore.current = null;
        setOffer(null);
        setPhase("none");
      }
    },
    close() {
      setOffer(next.current);
      setPhase(next.current ? "offer" : "none");
      next.current = null;
    },
  };
}

/** The Bet button's words while free rounds are played: it says so, with how many are left. */
export const freeRoundLabel = (t: Translate, free: FreeRounds): string | undefined =>
  free.phase === "playing" && free.offer
    ? t("freerounds.play.label", { count: free.offer.roundsRemaining })
    : undefined;
