/**
 * The back office's JSON API, as the pages call it: the session's cookie goes by itself (same origin), the
 * CSRF token of the session with every change. A refusal arrives as the error catalogue's shape.
 */

export interface User {
  id: string;
  username: string;
  role: "platform_admin" | "operator_admin" | "support" | "finance";
  operatorId: string | null;
  totpEnabled: boolean;
  disabledAt: string | null;
}

export interface Refusal {
  status: number;
  code: string;
  title: string;
  detail?: string;
}

export class ApiError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail ?? refusal.title);
  }
}

let csrfToken = "";

export function rememberCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers["x-csrf-token"] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const answer = (await response.json()) as T | Refusal;
  if (!response.ok) throw new ApiError(answer as Refusal);
  return answer as T;
}

/** What each role may do, as the server's permission matrix says (the server checks it again). */
export const can = {
  requestMoneyAction: (user: User) => user.role === "platform_admin" || user.role === "operator_admin",
  decideApproval: (user: User) => user.role === "platform_admin",
  readReports: (user: User) => user.role !== "support",
  readFreeRounds: (user: User) => user.role !== "support",
  readOnCall: (user: User) => user.role === "platform_admin",
  readOperators: (user: User) => user.role === "platform_admin" || user.role === "operator_admin",
  manageUsers: (user: User) => user.role === "platform_admin" || user.role === "operator_admin",
};
