export * from "./analysis.ts";
export * from "./game.ts";
export * from "./odds.ts";
export * from "./paytable.ts";
