export * from "./analysis.ts";
export * from "./game.ts";
export * from "./ladder.ts";
