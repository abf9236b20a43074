/**
 * What a game's catalog entry says beyond its maths: the parameters a player chooses (with their ranges), the
 * strategy the metrics assume for decision and cash-out games, and whether a free round can be offered on it.
 * The ranges repeat each game's `parseParams`; `catalog-metadata.test.ts` holds them to what it accepts.
 */

export interface GameParameter {
  name: string;
  /** choice: one of `values`; integer / decimal: from `min` to `max`; amount: a decimal string of the currency. */
  kind: "choice" | "integer" | "decimal" | "amount" | "list";
  values?: string[];
  min?: string;
  max?: string;
  description: string;
}

const choice = (name: string, values: readonly string[], description: string): GameParameter => ({
  name,
  kind: "choice",
  values: [...values],
  description,
});
const integer = (name: string, min: number, max: number, description: string): GameParameter => ({
  name,
  kind: "integer",
  min: String(min),
  max: String(max),
  description,
});
const amount = (name: string, description: string): GameParameter => ({ name, kind: "amount", description });

const RISK = choice("risk", ["low", "medium", "high"], "The paytable's risk.");
const PLINKO = [integer("rows", 8, 16, "Rows of pins."), RISK];
const KENO = [
  { name: "picks", kind: "list", min: "1", max: "10", description: "1 to 10 distinct numbers from 1 to 80." },
  choice("risk", ["classic", "low", "medium", "high"], "The paytable's risk."),
] satisfies GameParameter[];

export const PARAMETERS: Readonly<Record<string, GameParameter[]>> = {
  dice: [
    choice("condition", ["over", "under"], "Win when the roll is over or under the target."),
    {
      name: "target",
      kind: "decimal",
      min: "0.01",
      max: "99.98",
      description: "Two decimals: 1.99 to 99.98 over, 0.01 to 98.00 under (win chance 0.01% to 98%).",
    },
  ],
  limbo: [
    {
      name: "target",
      kind: "decimal",
      min: "1.01",
      max: "429496.72",
      description: "The multiplier to reach, two decimals.",
    },
  ],
  keno: KENO,
  lightning_keno: KENO,
  roulette: [
    {
      name: "bets",
      kind: "list",
      description: "Inside and outside bets of European roulette, each with its amount.",
    },
  ],
  baccarat: [
    {
      name: "bets",
      kind: "list",
      values: ["player", "banker", "tie", "player_pair", "banker_pair"],
      description: "An amount per bet type, at least one.",
    },
  ],
  blackjack: [],
  blackjack_multi: [
    {
      name: "seats",
      kind: "list",
      min: "1",
      max: "5",
      description: "1 to 5 seats, each a bet with optional Perfect Pairs and 3 Card Poker side bets.",
    },
  ],
  plinko: PLINKO,
  plinko_100: PLINKO,
  lightning_plinko: PLINKO,
  wheel: [choice("segments", ["10", "20", "30", "40", "50"], "Segments of the wheel."), RISK],
  darts: [RISK],
  pinball: [RISK],
  cases: [choice("difficulty", ["easy", "medium", "hard", "expert"], "The case's difficulty.")],
  mines: [
    integer("mines", 1, 24, "Mines among the 25 tiles."),
    {
      name: "tiles",
      kind: "list",
      min: "1",
      max: "24",
      description: "Optional: tiles revealed at once (instant mode).",
    },
  ],
  mines_mania: [integer("mines", 1, 24, "Mines among the 25 tiles.")],
  towers: [
    choice("difficulty", ["easy", "medium", "hard", "expert", "master"], "Tiles and traps per row."),
    {
      name: "picks",
      kind: "list",
      min: "1",
      max: "9",
      description: "Optional: one tile per row, resolved at once.",
    },
  ],
  hilo: [],
  coinflip: [],
  flight_deck: [
    {
      name: "autoCashOut",
      kind: "decimal",
      min: "1.01",
      max: "1000000.00",
      description: "Optional automatic cash-out multiplier, two decimals.",
    },
  ],
  degen_mining: [choice("difficulty", ["easy", "medium", "hard", "degen"], "Shafts and traps per level.")],
  chicken_crossing: [choice("difficulty", ["easy", "medium", "hard", "daredevil"], "Risk of each lane.")],
  doctor_pump: [choice("difficulty", ["easy", "medium", "hard", "expert"], "Risk of each pump.")],
  rock_paper_scissors: [],
  craps: [
    {
      name: "bets",
      kind: "list",
      description: "Opening bets, each a bet kind (and number) with its amount.",
    },
  ],
  war: [
    amount("main", "The main bet."),
    amount("tie", "Optional Tie side bet, at most the main bet."),
    amount("coloured_tie", "Optional Coloured Tie side bet, at most the main bet."),
  ],
};

/** The play the figures assume, for games where the player decides; instant games have none. */
export const STRATEGIES: Readonly<Record<string, string>> = {
  blackjack: "optimal play (the published basic strategy), insurance declined; insurance as a bet of its own",
  blackjack_multi:
    "optimal play (the published basic strategy), insurance declined; insurance and side bets as bets of their own",
  war: "surrender at the first tie (going to war returns the same); side bets as bets of their own",
  craps: "each bet alone, left on the table until it is decided",
  hilo: "one guess, then cash out",
  mines: "cash out after one reveal",
  mines_mania: "reveal one tile or one row, then cash out",
  towers: "cash out after one row, or climb all 9 rows",
  coinflip: "cash out after 1 or after 20 correct calls",
  rock_paper_scissors: "cash out after 1 or 5 wins, or play to 20 wins",
  doctor_pump: "cash out after one pump",
  chicken_crossing: "cash out after one lane",
  degen_mining: "cash out after one dig, or dig all 10 levels",
  flight_deck: "automatic cash-out at 1.01, 1.50, 2.00, 10.00, 100.00 or the top",
};

/**
 * Games a free round can be offered on: one stake, the amount played, and no further debit during the round.
 * Multi-bet tables (their stake is the sum of bets inside the parameters) and games that take more stake mid-round
 * (doubles and splits, going to war, bets added between rolls) are not.
 */
export const NOT_FOR_FREE_ROUNDS: ReadonlySet<string> = new Set([
  "blackjack",
  "blackjack_multi",
  "war",
  "craps",
  "roulette",
  "baccarat",
]);
