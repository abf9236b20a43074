import type { GgrReportResponse } from "@rgs/protocol/operator-reports";

/** The report's rows each with its period's fields, as the figures tests compare them. */
export function flatRows(answer: Pick<GgrReportResponse, "periods">) {
  return answer.periods.flatMap(({ rows, ...period }) => rows.map((row) => ({ ...period, ...row })));
}
