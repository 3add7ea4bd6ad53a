import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { pathModels } from '../../testers/paths/models';

/**
 * The paths runner installable on its own (issue 33): one bundled file whose only dependency is
 * Playwright, with none of the server's code, that plans and checks a site from a folder that
 * has nothing of the platform's repository.
 */
const run = promisify(execFile);

it('bundles into one file without the server, and runs from a folder of its own', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'paths-standalone-'));
  const bundle = path.join(folder, 'cli.mjs');
  await run('node', ['--import', 'tsx', 'scripts/buildPaths.ts', '--out', bundle], {
    cwd: process.cwd(),
  });
  const inputs = JSON.parse(await readFile(`${bundle}.inputs.json`, 'utf8')) as string[];
  expect(inputs.filter((input) => /^server\//.test(input))).toEqual([]);
  expect(
    inputs.filter((input) =>
      /node_modules\/(fastify|pg|@electric-sql|vitest|socket\.io\/|ioredis|redis)/.test(input),
    ),
  ).toEqual([]);
  expect(inputs.filter((input) => /^tests\/support\/testServer/.test(input))).toEqual([]);
  // Playwright is the package's one dependency: linked here as an install would put it.
  await mkdir(path.join(folder, 'node_modules', '@playwright'), { recursive: true });
  const modules = path.resolve('node_modules');
  for (const name of ['@playwright/test', 'playwright', 'playwright-core']) {
    await symlink(path.join(modules, name), path.join(folder, 'node_modules', name), 'dir');
  }
  const listed = (await run('node', [bundle, 'list'], { cwd: folder })).stdout;
  for (const model of pathModels) expect(listed).toContain(`${model.id}: `);
  const planned = (
    await run('node', [bundle, 'login', '--strategy', 'shortest', '--seed', '7'], { cwd: folder })
  ).stdout;
  expect(planned).toMatch(/^login \(version [0-9a-f]+\): 27 paths/);
  await expect(
    run('node', [bundle, 'doctor', '--base-url', 'http://127.0.0.1:9'], { cwd: folder }),
  ).rejects.toThrow(/did not answer \(is it running\?\)/);
}, 120_000);
