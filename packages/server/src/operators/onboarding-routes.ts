import type { OnboardingOperation } from "./onboarding.ts";

/**
 * Where the admin interface serves each operation; `:name` segments are taken from the arguments. Apart
 * from the operations themselves (onboarding.ts), so that the CLI reaches a running server's admin
 * interface without loading the store's code.
 */
export const ONBOARDING_ROUTES: Record<
  OnboardingOperation,
  {
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
    path: string;
    /** How long the admin client waits for the answer, when longer than its default. */
    timeoutMs?: number;
  }
> = {
  createOperator: { method: "POST", path: "/admin/operators" },
  listOperators: { method: "GET", path: "/admin/operators" },
  showOperator: { method: "GET", path: "/admin/operators/:id" },
  updateOperator: { method: "PATCH", path: "/admin/operators/:id" },
  rotateSecret: { method: "POST", path: "/admin/operators/:id/rotate-secret" },
  listPacks: { method: "GET", path: "/admin/packs" },
  createPack: { method: "POST", path: "/admin/packs" },
  showPack: { method: "GET", path: "/admin/packs/:id" },
  addGames: { method: "POST", path: "/admin/packs/:id/games" },
  removeGames: { method: "POST", path: "/admin/packs/:id/games/remove" },
  assignPack: { method: "PUT", path: "/admin/packs/:pack/operators/:operator" },
  unassignPack: { method: "DELETE", path: "/admin/packs/:pack/operators/:operator" },
  // POST: the filters travel in the body, which GET requests of the admin client do not carry.
  listCallbacks: { method: "POST", path: "/admin/callbacks/list" },
  retryCallback: { method: "POST", path: "/admin/callbacks/:id/retry" },
  resolveCallback: { method: "POST", path: "/admin/callbacks/:id/resolve" },
  // A whole tester run: about a minute against a healthy wallet, longer against a slow one.
  certifyOperator: { method: "POST", path: "/admin/operators/:id/certify", timeoutMs: 30 * 60_000 },
  listCertifications: { method: "GET", path: "/admin/operators/:id/certifications" },
  certificationReport: { method: "GET", path: "/admin/operators/:id/certifications/:certification" },
  listAudit: { method: "POST", path: "/admin/audit/list" },
  // Every record of every chain is read and checked; an export writes one operator's period.
  verifyAudit: { method: "POST", path: "/admin/audit/verify", timeoutMs: 6 * 60 * 60_000 },
  exportAudit: { method: "POST", path: "/admin/audit/export", timeoutMs: 6 * 60 * 60_000 },
  auditHead: { method: "GET", path: "/admin/audit/head" },
  // Bounded by its batches, but a first run over a long-lived database moves millions of rows.
  moveHistory: { method: "POST", path: "/admin/history/move", timeoutMs: 6 * 60 * 60_000 },
  // A month of rounds, read (export) or checked line by line (drop).
  exportHistory: { method: "POST", path: "/admin/history/export", timeoutMs: 6 * 60 * 60_000 },
  dropHistory: { method: "POST", path: "/admin/history/drop", timeoutMs: 6 * 60 * 60_000 },
  // Every confirmed transaction is read again and every aggregate compared.
  rebuildReports: { method: "POST", path: "/admin/reports/rebuild", timeoutMs: 6 * 60 * 60_000 },
  reconcile: { method: "POST", path: "/admin/reconciliation" },
  createBackofficeUser: { method: "POST", path: "/admin/backoffice/users" },
};
