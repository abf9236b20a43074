import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is acting, for the audit records written on their behalf: set once where a person's request enters
 * (the CLI, the admin interface, the back office) instead of being passed through every service. Outside
 * any such scope the RGS itself acts.
 */

const SYSTEM_ACTOR = "rgs";

const ACTOR_MAX_LENGTH = 200;

/** How the CLI tells the running server's admin interface who runs a command (URI-encoded). */
export const ACTOR_HEADER = "x-rgs-actor";

const actors = new AsyncLocalStorage<string>();

/** Runs `work` with `actor` as the author of the audit records it writes. */
export function asActor<T>(actor: string, work: () => T): T {
  return actors.run(validActor(actor), work);
}

export function currentActor(): string {
  return actors.getStore() ?? SYSTEM_ACTOR;
}

/** 1 to 200 characters without control characters: `cli:alice`, `backoffice:<user id>`. */
export function validActor(actor: unknown): string {
  if (
    typeof actor !== "string" ||
    actor.length === 0 ||
    actor.length > ACTOR_MAX_LENGTH ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f-\u009f]/.test(actor)
  ) {
    throw new RangeError(`An actor is 1 to ${ACTOR_MAX_LENGTH} characters without control characters`);
  }
  return actor;
}
