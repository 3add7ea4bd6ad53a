/**
 * A business failure with a stable code (ARCHITECTURE, HTTP): the HTTP layer turns it into
 * `{ success:false, code, message, value }` with `status`. Domain code throws it directly, so
 * the rule and its refusal live together.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Becomes the envelope's `value` (e.g. the login failure's captcha flag). */
    readonly value: unknown = null,
  ) {
    super(message);
  }
}
