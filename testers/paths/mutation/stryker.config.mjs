// @ts-check
/**
 * Mutation testing of the machines the paths walk (issue 33): StrykerJS plants one fault at a
 * time in a machine (a guard inverted, a condition dropped, a target or an assigned value
 * changed) and runs the model paths (tests/model) against it; a fault no path notices survives.
 * `npm run paths -- mutate` runs this and prints the score and the survivors.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'testers/paths/mutation/vitest.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/machines/*.ts',
    '!src/machines/*.paths.ts',
    '!src/machines/errorCode.ts',
    'src/shared/withdrawalConfirmation.ts',
    'src/shared/contracts/lifecycle.ts',
    'src/shared/promotions.ts',
  ],
  // The sandbox needs the sources, the model tests and the configuration, not the rest.
  ignorePatterns: [
    '/*',
    '!/src',
    '!/tests',
    '/tests/*',
    '!/tests/model',
    '!/testers',
    '/testers/*',
    '!/testers/paths',
    '!/package.json',
    '!/tsconfig.json',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
};
