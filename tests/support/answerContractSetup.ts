import { afterEach } from 'vitest';
import { takeAnswerViolations } from './answerViolations';

/** Vitest's setup file: a test whose server answered off the API's document fails after it. */
afterEach(() => {
  const seen = takeAnswerViolations();
  if (seen.length > 0) {
    throw new Error(
      `answers off the API's document (docs/openapi.json):\n${[...new Set(seen)].join('\n')}`,
    );
  }
});
