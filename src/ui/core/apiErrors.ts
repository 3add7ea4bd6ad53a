import { ApiError } from '../../api/http';

/**
 * What a view needs of a failed call: its error code (spec 5 messages are looked up by it) and
 * the form field it names, if any. Anything that is not an answer of the API is `fallback`
 * (a network failure, by default).
 */
export function errorCodeOf(error: unknown, fallback = 'network'): string {
  return error instanceof ApiError ? error.code : fallback;
}

/** The form field a failed call names (`value.field`), for errors such as `field_invalid`. */
export function errorFieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return (error.value as { field?: string } | null)?.field;
}
