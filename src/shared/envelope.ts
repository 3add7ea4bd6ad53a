/**
 * The one response shape of every HTTP call (ARCHITECTURE, HTTP): the browser reads `value`
 * and `success`; `code` is a stable key the UI translates, `message` is human text.
 */
export interface Envelope<T> {
  success: boolean;
  value: T | null;
  message?: string;
  code?: string;
}

/** Stable error keys shared by server and browser. Later areas add their own. */
export const errorCodes = [
  'invalid_request',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'unknown_relay',
  'method_not_allowed',
  'not_logged_in',
  'forbidden',
  'rate_limited',
  'maintenance',
  'region_restricted',
  'unknown_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export function ok<T>(value: T): Envelope<T> {
  return { success: true, value };
}

export function failure(code: string, message: string): Envelope<null> {
  return { success: false, value: null, code, message };
}
