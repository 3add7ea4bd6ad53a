import { BOOT_ANSWER_MAX_AGE_MS } from '../shared/bootAnswers';
import { EARLY_CALLS_GLOBAL } from '../shared/earlyCalls';

/** Takes the page's early call for a GET (its answerKey) made with `token` in `language`, once. */
export type TakeEarlyCall = (
  key: string,
  token: string | null,
  language: string,
) => Promise<unknown> | undefined;

interface EarlyCalls {
  token: string;
  language: string;
  at: number;
  calls: Record<string, Promise<unknown>>;
}

function isEarlyCalls(value: unknown): value is EarlyCalls {
  if (!value || typeof value !== 'object') return false;
  const found = value as Partial<EarlyCalls>;
  return (
    typeof found.token === 'string' &&
    typeof found.language === 'string' &&
    typeof found.at === 'number' &&
    typeof found.calls === 'object' &&
    found.calls !== null
  );
}

/**
 * The calls the page's head script made (src/shared/earlyCalls.ts), read once: each is handed
 * to the first GET with its key, the same token and the same language (its answer: the envelope
 * as sent), none after BOOT_ANSWER_MAX_AGE_MS. A page without the script (the dev server's) has none.
 */
export function readEarlyCalls(
  win: Window = window,
  now: () => number = () => Date.now(),
): TakeEarlyCall {
  const holder = win as unknown as Record<string, unknown>;
  const found = holder[EARLY_CALLS_GLOBAL];
  delete holder[EARLY_CALLS_GLOBAL];
  if (!isEarlyCalls(found)) return () => undefined;
  return (key, token, language) => {
    const call = found.calls[key];
    if (call === undefined) return undefined;
    delete found.calls[key];
    if (
      token !== found.token ||
      language !== found.language ||
      now() - found.at > BOOT_ANSWER_MAX_AGE_MS
    )
      return undefined;
    return call;
  };
}
