export { analyze } from "./analysis.ts";
export { dartsGame } from "./game.ts";
