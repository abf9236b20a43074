export { analyze } from "./analysis.ts";
export { pinballGame } from "./game.ts";
