/**
 * Re-verifies a `history export` file offline: every round is replayed from its line (seeds, stored
 * parameters, actions) with the games' own code and compared with its recorded stake, payout and final
 * view. No database, no server.
 *
 *   npx tsx packages/server/scripts/verify-history-export.ts FILE
 *
 * Exit code 0 when every verifiable round matches, 1 when one differs, 2 on bad usage.
 */
import { checkExportFile } from "../src/verify/export-file.ts";

const file = process.argv[2];
if (file === undefined || process.argv.length > 3) {
  process.stderr.write("usage: verify-history-export.ts FILE\n");
  process.exit(2);
}
try {
  const checked = await checkExportFile(file);
  for (const round of [...checked.differs, ...checked.notVerifiable]) {
    process.stdout.write(
      `${round.roundId}: ${round.result}${"detail" in round ? ` (${round.detail})` : ""}\n`,
    );
  }
  process.stdout.write(
    `${checked.rounds} rounds: ${checked.matches} match, ${checked.differs.length} differ, ${checked.notVerifiable.length} not verifiable.\n`,
  );
  process.exit(checked.differs.length > 0 ? 1 : 0);
} catch (error) {
  process.stderr.write(
    `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
  );
  process.exit(2);
}
