/**
 * The answers a test server sent off the API's document (answerContract.ts), until taken: kept
 * apart so Vitest's setup file (answerContractSetup.ts) reads them without loading the server.
 */
export const violations: string[] = [];

/** The violations seen since the last call, taken. */
export function takeAnswerViolations(): string[] {
  return violations.splice(0);
}
