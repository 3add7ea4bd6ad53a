/**
 * A failed effect's error code, as the machines keep it in context: the API's (`ApiError.code`)
 * or any error that carries a string code, else `unknown_error`.
 */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : 'unknown_error';
}
