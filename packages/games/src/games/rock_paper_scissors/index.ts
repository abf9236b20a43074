export * from "./analysis.ts";
export * from "./game.ts";
export * from "./paytable.ts";
