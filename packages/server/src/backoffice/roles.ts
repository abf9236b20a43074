/**
 * Who may do what in the back office: the permission matrix of docs/back-office.md, kept here only. Every
 * role but the platform admin's is tied to one operator, and sees nothing of another (answered 404, as if
 * it did not exist).
 */

export const ROLES = ["platform_admin", "operator_admin", "support", "finance"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  /** Round and transaction searches, a round's page. */
  "rounds.read": ["platform_admin", "operator_admin", "support", "finance"],
  /** The dead letters and callbacks still failing. */
  "callbacks.read": ["platform_admin", "operator_admin", "support", "finance"],
  /** The GGR report and the reconciliation of a day. */
  "reports.read": ["platform_admin", "operator_admin", "finance"],
  /** Free-round campaigns and their report by day. */
  "campaigns.read": ["platform_admin", "operator_admin", "finance"],
  /** The on-call view: every operator's backlog, dead letters, wallet health and stuck rounds. */
  "oncall.read": ["platform_admin"],
  /** An operator's settings, bet limits, packs and certification runs. */
  "operators.read": ["platform_admin", "operator_admin"],
  /** Asking for a money action on a dead letter (it waits for a platform admin's approval). */
  "callbacks.request": ["platform_admin", "operator_admin"],
  /** Asking for a stuck round to be settled through the abandon rule (it waits for a platform admin's approval). */
  "rounds.settle": ["platform_admin", "operator_admin"],
  /** Approving or rejecting another person's money action. */
  "approvals.decide": ["platform_admin"],
  /** Creating people of the back office (an operator admin only for its own operator, never an admin above it). */
  "users.manage": ["platform_admin", "operator_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function allows(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The user's view of one operator's data: a platform admin sees every operator, anyone else only their own. */
export function seesOperator(user: { role: Role; operatorId: string | null }, operatorId: string): boolean {
  return user.role === "platform_admin" || user.operatorId === operatorId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** IDs of operators, rounds, people and approvals: anything else names nothing (and never reaches a query). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
