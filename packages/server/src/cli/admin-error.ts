/** A refusal or failure reported by the admin interface of the running server. */
export class AdminRequestError extends Error {
  override name = "AdminRequestError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
