export { analyze } from "./analysis.ts";
export { plinkoGame } from "./game.ts";
