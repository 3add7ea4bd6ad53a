/**
 * Boot answers (issue 12): the answers of the first GET calls a page makes, which the server
 * puts into the page it sends (a JSON data block with this id), so the page does not wait for
 * them after its scripts have run. The page takes each once, for the first call with the same
 * path and query (answerKey), within BOOT_ANSWER_MAX_AGE_MS of loading.
 */
export const BOOT_ANSWERS_ID = 'boot-answers';

/** An answer taken later than this after the page loaded is too old: the call goes out. */
export const BOOT_ANSWER_MAX_AGE_MS = 30_000;

/** The system status call (spec 7), whose answer every page's first screen needs. */
export const STATUS_PATH = '/wps/system/status';

/** Path and query in one canonical form: the query's parameters sorted, values as strings. */
export function answerKey(
  path: string,
  searchParams: Readonly<Record<string, string | number | boolean>> = {},
): string {
  const query = new URLSearchParams(
    Object.entries(searchParams)
      .map(([name, value]): [string, string] => [name, String(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString();
  return query ? `${path}?${query}` : path;
}
