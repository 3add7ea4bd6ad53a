import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

/**
 * The paths runner on its own (issue 33): `testers/paths/cli.ts` with the machines, models and
 * drivers it walks bundled into one file, `packages/paths/dist/cli.mjs`, whose only dependency
 * is Playwright. A tester installs the package (`npm run paths:pack` makes its tarball) and
 * tests a deployed site without the platform's server code.
 *
 *   node --import tsx scripts/buildPaths.ts [--out <file>]
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const root = path.resolve(import.meta.dirname, '..');
const outfile = path.resolve(values.out ?? path.join(root, 'packages/paths/dist/cli.mjs'));
const { version } = JSON.parse(
  await readFile(path.join(root, 'packages/paths/package.json'), 'utf8'),
);

await mkdir(path.dirname(outfile), { recursive: true });
const result = await build({
  entryPoints: [path.join(root, 'testers/paths/cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Playwright brings its browsers' drivers: installed beside the package, never bundled.
  external: ['@playwright/test', 'playwright', 'playwright-core'],
  banner: {
    js: [
      '#!/usr/bin/env node',
      // Bundled CommonJS modules may call require: give them one.
      "import { createRequire as __paths_createRequire } from 'node:module';",
      'const require = __paths_createRequire(import.meta.url);',
    ].join('\n'),
  },
  define: { 'process.env.PATHS_VERSION': JSON.stringify(version) },
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
// What went in, for the test that holds the bundle free of the server's code.
const inputs = Object.keys(result.metafile.inputs);
await writeFile(`${outfile}.inputs.json`, `${JSON.stringify(inputs, null, 2)}\n`);
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
console.log(
  `wrote ${path.relative(process.cwd(), outfile)} (${(bytes / 1024).toFixed(0)} KiB, ${inputs.length} modules)`,
);
