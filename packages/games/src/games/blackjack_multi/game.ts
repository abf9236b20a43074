import { parseAmount } from "@rgs/protocol/money";
import { tableGame } from "../blackjack/definition.ts";
import { BLACKJACK_MULTI_RULES } from "../blackjack/rules.ts";
import { MAX_SEATS, type SeatBets } from "../blackjack/table.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";

export interface BlackjackMultiParams {
  seats: SeatBets[];
}

const example = '{"seats":[{"bet":"1.00","perfectPairs":"0.10"},{"bet":"2.00","threeCardPoker":"0.50"}]}';
const SEAT_KEYS = ["bet", "perfectPairs", "threeCardPoker"];

export const blackjackMultiGame = tableGame<BlackjackMultiParams>({
  slug: "blackjack_multi",
  table: "multi",
  rules: BLACKJACK_MULTI_RULES,
  dealCredits: true,
  parseParams(input, { decimals }) {
    if (!isRecord(input) || !Array.isArray(input.seats)) {
      return refuse("invalid_params", `Blackjack (Multi Seat) params list the seats: ${example}.`);
    }
    const extra = unknownKey(input, ["seats"]);
    if (extra) return refuse("invalid_params", `Unknown parameter "${extra}".`);
    if (input.seats.length < 1 || input.seats.length > MAX_SEATS) {
      return refuse("invalid_seats", `Play 1 to ${MAX_SEATS} seats.`);
    }
    const seats: SeatBets[] = [];
    for (const [i, seat] of input.seats.entries()) {
      if (!isRecord(seat)) return refuse("invalid_seats", `seats[${i}] must be an object: ${example}.`);
      const unknown = unknownKey(seat, SEAT_KEYS);
      if (unknown)
        return refuse(
          "invalid_seats",
          `seats[${i}]: unknown bet "${unknown}"; bets: ${SEAT_KEYS.join(", ")}.`,
        );
      const bet = parseAmount(seat.bet, decimals, { allowZero: false });
      if (!bet.ok) return refuse("invalid_amount", `seats[${i}].bet: ${bet.detail}`);
      const side = (key: "perfectPairs" | "threeCardPoker") => {
        if (seat[key] === undefined) return { ok: true as const, minor: 0n };
        return parseAmount(seat[key], decimals, { allowZero: true });
      };
      const pp = side("perfectPairs");
      if (!pp.ok) return refuse("invalid_amount", `seats[${i}].perfectPairs: ${pp.detail}`);
      const tcp = side("threeCardPoker");
      if (!tcp.ok) return refuse("invalid_amount", `seats[${i}].threeCardPoker: ${tcp.detail}`);
      seats.push({ bet: bet.minor, perfectPairs: pp.minor, threeCardPoker: tcp.minor });
    }
    return accept({ seats });
  },
  seatsOf: (params) => params.seats,
  stakeOf: (params) => params.seats.reduce((t, s) => t + s.bet + s.perfectPairs + s.threeCardPoker, 0n),
});
