import { BOOT_ANSWER_MAX_AGE_MS, BOOT_ANSWERS_ID } from '../shared/bootAnswers';

/** Takes the answer the server put into the page for a call (its answerKey), once. */
export type TakeBootAnswer = (key: string) => { value: unknown } | undefined;

export interface BootAnswers {
  take: TakeBootAnswer;
  /** The answer for a key, left for its call. */
  peek(key: string): unknown;
}

/**
 * The answers the server wrote into the page (src/shared/bootAnswers.ts), read once: the data
 * block is removed, each answer is handed out for the first call with its key, and none after
 * BOOT_ANSWER_MAX_AGE_MS (an answer kept for a later visit to the same page would be stale). A
 * page without the block (the dev server's, one the service worker kept) has none.
 */
export function readBootAnswers(
  doc: Document = document,
  age: () => number = () => performance.now(),
): BootAnswers {
  const answers = new Map<string, unknown>();
  const element = doc.getElementById(BOOT_ANSWERS_ID);
  if (element) {
    element.remove();
    try {
      const parsed = JSON.parse(element.textContent ?? '') as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) answers.set(key, value);
      }
    } catch {
      // Unreadable: the calls go out as usual.
    }
  }
  return {
    take: (key) => {
      if (!answers.has(key)) return undefined;
      const value = answers.get(key);
      answers.delete(key);
      return age() > BOOT_ANSWER_MAX_AGE_MS ? undefined : { value };
    },
    peek: (key) => answers.get(key),
  };
}
