export { analyze } from "./analysis.ts";
export { plinko100Game } from "./game.ts";
