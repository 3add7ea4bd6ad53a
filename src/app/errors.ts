import { ApiError } from '../api/http';

/**
 * What a view needs of a failed call (src/ui/core/apiErrors.ts re-exports these): the client's
 * error class stays with the client, views see codes and the value the server sent.
 */

/** The server's answer to a refused call: its code and value; null for anything else. */
export function refusalOf(error: unknown): { code: string; value: unknown } | null {
  return error instanceof ApiError ? { code: error.code, value: error.value } : null;
}

/**
 * A failed call's error code (spec 5 messages are looked up by it). Anything that is not an
 * answer of the API is `fallback` (a network failure, by default).
 */
export function errorCodeOf(error: unknown, fallback = 'network'): string {
  return refusalOf(error)?.code ?? fallback;
}

/** The form field a failed call names (`value.field`), for errors such as `field_invalid`. */
export function errorFieldOf(error: unknown): string | undefined {
  return (refusalOf(error)?.value as { field?: string } | null | undefined)?.field;
}

/**
 * The server's words for a refusal (an input's field and what is wrong with it), for forms an
 * operator fills in where the code alone (`invalid_request`) says too little; null otherwise.
 */
export function errorDetailOf(error: unknown): string | null {
  return error instanceof ApiError && error.message ? error.message : null;
}
