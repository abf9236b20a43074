import { ReportingBusyError, ReportingTimeoutError } from "../reporting/query-pool.ts";
import { ReportInputError } from "../reporting/report-filters.ts";
import { BackofficeError } from "./backoffice-error.ts";

/** The reports' refusals, busy operator and cancelled query, in the error catalogue's codes. */
export async function reporting<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    if (caught instanceof ReportInputError) throw new BackofficeError(caught.code, caught.message);
    if (caught instanceof ReportingBusyError) {
      throw new BackofficeError(
        "reporting_busy",
        "Your previous reports are still running; ask again once they have answered.",
      );
    }
    if (caught instanceof ReportingTimeoutError) {
      throw new BackofficeError(
        "reporting_timeout",
        `The report ran longer than ${caught.timeoutMs} ms and was cancelled: ask for a shorter range.`,
      );
    }
    throw caught;
  }
}
