export * from "./analysis.ts";
export * from "./bets.ts";
export * from "./dice.ts";
export * from "./game.ts";
