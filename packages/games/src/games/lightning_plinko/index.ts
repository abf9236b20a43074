export { analyze } from "./analysis.ts";
export { lightningPlinkoGame } from "./game.ts";
