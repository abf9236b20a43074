/** The declared RTP of a launched game code, exact, for the paytables a view shows. */
import { type Rational, rtpFromBasisPoints } from "@rgs/games/math/rational";
import { findGame } from "@rgs/protocol/catalog";

/** Undefined for a code outside the catalog (the shell never launches one). */
export function rtpOf(gameCode: string): Rational | undefined {
  const info = findGame(gameCode);
  return info ? rtpFromBasisPoints(info.rtpBasisPoints) : undefined;
}
