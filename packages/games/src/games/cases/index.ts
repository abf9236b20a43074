export { analyze } from "./analysis.ts";
export { casesGame } from "./game.ts";
