import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { type ExportCheck, type ExportedRound, verifyExportedRound } from "./exported-round.ts";

export interface ExportFileCheck {
  rounds: number;
  matches: number;
  /** Rounds whose recomputed outcome is not the recorded one, or that a line cannot describe. */
  differs: ExportCheck[];
  notVerifiable: ExportCheck[];
}

/** Replays every round of a `history export` file with the games' own code; needs no database. */
export async function checkExportFile(file: string): Promise<ExportFileCheck> {
  const result: ExportFileCheck = { rounds: 0, matches: 0, differs: [], notVerifiable: [] };
  let number = 0;
  const lines = createInterface({
    input: createReadStream(file, "utf8"),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const text of lines) {
    number += 1;
    if (text === "") continue;
    result.rounds += 1;
    let check: ExportCheck;
    try {
      check = verifyExportedRound(JSON.parse(text) as ExportedRound);
    } catch (error) {
      check = { roundId: `line ${number}`, result: "differs", detail: (error as Error).message };
    }
    if (check.result === "matches") result.matches += 1;
    else if (check.result === "differs") result.differs.push(check);
    else result.notVerifiable.push(check);
  }
  return result;
}
