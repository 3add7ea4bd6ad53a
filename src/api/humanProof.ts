import type { Challenge } from 'altcha-lib';

/**
 * Solves the server's proof-of-work challenge (ALTCHA) and returns the payload the server
 * verifies: base64 of { challenge, solution }. Takes about a second of CPU in a browser.
 * The solver is loaded on first use.
 */
export async function solveHumanChallenge(
  challenge: Challenge,
  signal?: AbortSignal,
): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) throw new Error('challenge not solved');
  const json = JSON.stringify({ challenge, solution });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}
