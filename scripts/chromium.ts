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

/**
 * The Chromium for headless runs (Playwright's tests, the paths runner): `CHROMIUM_PATH` when
 * set, else Debian's `chromium-headless-shell` when installed, else chromiumPath(). The shell is
 * the old headless Chromium without the full browser's window and compositor work: on the
 * 2-core CI machine a spec took ~20 % less time with it (tests/e2e/contracts and vip: 43 s →
 * 34 s), and the suite is CPU-bound there. .ci/run installs it.
 */
export function headlessChromiumPath(): string | undefined {
  const shell = '/usr/bin/chromium-headless-shell';
  return process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : chromiumPath());
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
