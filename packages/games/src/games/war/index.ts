export * from "./analysis.ts";
export * from "./game.ts";
export * from "./rules.ts";
export * from "./shoe.ts";
