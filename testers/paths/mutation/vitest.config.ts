import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The model paths as the tests of a mutation run (issue 33, `npm run paths -- mutate`): the
 * machines' own generated paths replayed in process (tests/model), nothing else — the measure
 * is how many planted faults the paths find, not the rest of the suite.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: { include: ['tests/model/**/*.test.ts'] },
});
