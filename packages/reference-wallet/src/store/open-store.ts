import type { WalletConfig } from "../config.ts";
import { LedgerRepository } from "./ledger-repository.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

/** PostgreSQL when a database URL is configured, PGlite otherwise (in memory without a data dir). */
export async function openLedger(
  config: Pick<WalletConfig, "databaseUrl" | "databaseSchema" | "dataDir">,
): Promise<LedgerRepository> {
  const db =
    config.databaseUrl !== undefined
      ? await openPostgres(config.databaseUrl, config.databaseSchema)
      : await openPglite(config.dataDir);
  const ledger = new LedgerRepository(db);
  try {
    await ledger.migrate();
  } catch (error) {
    await ledger.close();
    throw error;
  }
  return ledger;
}
