import type { ErrorCode } from "@rgs/protocol/errors";

/** Why the back office refused a request; the status and title are the error catalogue's. */
export class BackofficeError extends Error {
  override name = "BackofficeError";

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
