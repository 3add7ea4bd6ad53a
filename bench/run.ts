import { existsSync } from 'node:fs';
import { JS_BUDGET_BYTES, measureHomeBundle } from './bundleSize';
import { measureColdStart } from './coldStart';

/** `npm run bench`: prints figures; never fails on a number (goals are read, not asserted). */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const bundle = await measureHomeBundle();
console.log('\nHome route, initial download (gzip)');
for (const file of bundle.files) console.log(`  ${file.file.padEnd(48)} ${kb(file.gzip)}`);
console.log(
  `  JavaScript: ${kb(bundle.jsGzip)} of a ${kb(JS_BUDGET_BYTES)} budget (ratio ${(bundle.jsGzip / JS_BUDGET_BYTES).toFixed(2)})`,
);
console.log(`  CSS:        ${kb(bundle.cssGzip)}`);

const start = await measureColdStart();
console.log('\nServer start to first served page');
console.log(`  bare Fastify baseline:              ${ms(start.baselineMs)}`);
console.log(
  `  platform, first boot (migrate+seed): ${ms(start.firstBootMs)}  (×${(start.firstBootMs / start.baselineMs).toFixed(1)} baseline)`,
);
console.log(
  `  platform, restart on existing data:  ${ms(start.restartMs)}  (×${(start.restartMs / start.baselineMs).toFixed(1)} baseline)`,
);
