import type { CategorySummary, RunReport } from "@rgs/tester";
import type { Certification } from "./certification-repository.ts";
import type { CertificationStatus } from "./certification-service.ts";

/** A recorded tester run in JSON form (dates as ISO strings), without its report. */
export interface CertificationView {
  id: string;
  operatorId: string;
  callbackUrl: string;
  playerId: string;
  secondPlayerId: string | null;
  currency: string;
  startedAt: string;
  finishedAt: string;
  passed: boolean;
  categories: CategorySummary[];
  totals: RunReport["totals"];
  failedChecks: string[];
  testerVersion: string;
}

/** A run just made: its record and the tester's whole report. */
export interface CertificationRunView extends CertificationView {
  report: RunReport;
}

export interface CertificationStatusView {
  callbackUrl: string | null;
  certified: boolean;
  requiredForRealPlay: boolean;
  latest: CertificationView | null;
}

export function certificationView(certification: Certification): CertificationView {
  return {
    ...certification,
    startedAt: certification.startedAt.toISOString(),
    finishedAt: certification.finishedAt.toISOString(),
  };
}

export function certificationStatusView(status: CertificationStatus): CertificationStatusView {
  return {
    callbackUrl: status.callbackUrl,
    certified: status.certified,
    requiredForRealPlay: status.requiredForRealPlay,
    latest: status.latest ? certificationView(status.latest) : null,
  };
}
