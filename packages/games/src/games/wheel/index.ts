export { analyze } from "./analysis.ts";
export { wheelGame } from "./game.ts";
