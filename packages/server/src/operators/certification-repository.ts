import type { CategorySummary, RunReport } from "@rgs/tester";
import type { Kysely, Selectable } from "kysely";
import type { Database, OperatorCertificationsTable } from "../store/schema.ts";

/** One tester run against an operator's callback URL, as recorded. */
export interface Certification {
  /** Decimal string of the row id: ascending in recording order. */
  id: string;
  operatorId: string;
  callbackUrl: string;
  playerId: string;
  secondPlayerId: string | null;
  currency: string;
  startedAt: Date;
  finishedAt: Date;
  passed: boolean;
  categories: CategorySummary[];
  totals: RunReport["totals"];
  /** Ids of the checks that failed, in the order they ran. */
  failedChecks: string[];
  testerVersion: string;
}

export type NewCertification = Omit<Certification, "id"> & { report: RunReport };

type Row = Omit<Selectable<OperatorCertificationsTable>, "report">;

const SUMMARY_COLUMNS = [
  "id",
  "operator_id",
  "callback_url",
  "player_id",
  "second_player_id",
  "currency",
  "started_at",
  "finished_at",
  "passed",
  "categories",
  "totals",
  "failed_checks",
  "tester_version",
] as const;

function fromRow(row: Row): Certification {
  return {
    id: row.id.toString(),
    operatorId: row.operator_id,
    callbackUrl: row.callback_url,
    playerId: row.player_id,
    secondPlayerId: row.second_player_id,
    currency: row.currency,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    passed: row.passed,
    categories: row.categories as CategorySummary[],
    totals: row.totals as RunReport["totals"],
    failedChecks: row.failed_checks,
    testerVersion: row.tester_version,
  };
}

/** The recorded tester runs. Rows are only added: a later run never rewrites an earlier one. */
export class CertificationRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async record(run: NewCertification): Promise<Certification> {
    const row = await this.#db
      .insertInto("operator_certifications")
      .values({
        operator_id: run.operatorId,
        callback_url: run.callbackUrl,
        player_id: run.playerId,
        second_player_id: run.secondPlayerId,
        currency: run.currency,
        started_at: run.startedAt,
        finished_at: run.finishedAt,
        passed: run.passed,
        categories: JSON.stringify(run.categories),
        totals: JSON.stringify(run.totals),
        failed_checks: JSON.stringify(run.failedChecks),
        tester_version: run.testerVersion,
        report: JSON.stringify(run.report),
      })
      .returning(SUMMARY_COLUMNS)
      .executeTakeFirstOrThrow();
    return fromRow(row);
  }

  /** The operator's runs, newest first. */
  async list(operatorId: string, limit = 50): Promise<Certification[]> {
    const rows = await this.#db
      .selectFrom("operator_certifications")
      .select(SUMMARY_COLUMNS)
      .where("operator_id", "=", operatorId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  }

  /** The latest run against exactly this callback URL: the one that decides whether it is certified. */
  async latestFor(operatorId: string, callbackUrl: string): Promise<Certification | undefined> {
    const row = await this.#db
      .selectFrom("operator_certifications")
      .select(SUMMARY_COLUMNS)
      .where("operator_id", "=", operatorId)
      .where("callback_url", "=", callbackUrl)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  async isCertified(operatorId: string, callbackUrl: string): Promise<boolean> {
    return (await this.latestFor(operatorId, callbackUrl))?.passed === true;
  }

  /** The full tester report of one run of this operator; undefined when there is no such run. */
  async report(operatorId: string, id: string): Promise<RunReport | undefined> {
    if (!/^[0-9]{1,18}$/.test(id)) return undefined;
    const row = await this.#db
      .selectFrom("operator_certifications")
      .select("report")
      .where("operator_id", "=", operatorId)
      .where("id", "=", BigInt(id))
      .executeTakeFirst();
    return row && (JSON.parse(row.report) as RunReport);
  }
}
