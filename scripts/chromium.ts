import { existsSync } from 'node:fs';

/**
 * The Chromium every browser program here uses (Playwright's tests, the screenshots script,
 * the Lighthouse bench): `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium` when
 * present, else undefined (Playwright then uses its own browser).
 */
export function chromiumPath(): string | undefined {
  const system = '/usr/bin/chromium';
  return process.env.CHROMIUM_PATH ?? (existsSync(system) ? system : undefined);
}

/** The flags for a quiet, sandbox-less Chromium in a container (headless is the caller's). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
