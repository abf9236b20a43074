/** The params Mines and Mines Mania share: `{ mines }` on the 5 x 5 board, and the keys each game allows beside it. */
import type { Parsed } from "../../model.ts";
import { accept, type ParamsShape, paramsObject, refuse } from "../params.ts";
import { MAX_MINES, MIN_MINES } from "./ladder.ts";

export function parseMinesParams(
  input: unknown,
  shape: ParamsShape,
): Parsed<{ mines: number; rest: Record<string, unknown> }> {
  const object = paramsObject(input, shape);
  if (!object.ok) return object;
  const { mines, ...rest } = object.value;
  if (typeof mines !== "number" || !Number.isInteger(mines) || mines < MIN_MINES || mines > MAX_MINES) {
    return refuse("invalid_mines", `mines must be an integer from ${MIN_MINES} to ${MAX_MINES}.`);
  }
  return accept({ mines, rest });
}
