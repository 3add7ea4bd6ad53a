import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { killServerProcesses, startServerProcess } from '../../support/serverProcess';

/**
 * The production server (issue 13): `npm run build` compiles it into dist-server/, which runs
 * on Node with only the runtime dependencies (`npm ci --omit=dev`), no tsx. Built here into a
 * folder of its own with the same configuration.
 */
describe('the compiled server', () => {
  let dir = '';
  afterAll(async () => {
    await killServerProcesses();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('imports nothing but runtime dependencies, and starts, serves and stops', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-build-'));
    const outDir = path.join(dir, 'dist-server');
    await build({
      configFile: 'vite.server.config.ts',
      logLevel: 'silent',
      build: { outDir },
    });

    const allowed = new Set([
      ...Object.keys(packageJson.dependencies),
      ...builtinModules,
      ...builtinModules.map((name) => `node:${name}`),
    ]);
    const packageOf = (specifier: string) =>
      specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0]!;
    const imported = new Set<string>();
    for (const file of (await readdir(outDir)).filter((name) => name.endsWith('.js'))) {
      const code = await readFile(path.join(outDir, file), 'utf8');
      for (const match of code.matchAll(/(?:^|\n)import\s[^'"]*?["']([^"']+)["']/g)) {
        if (!match[1]!.startsWith('.')) imported.add(packageOf(match[1]!));
      }
      for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
        if (!match[1]!.startsWith('.')) imported.add(packageOf(match[1]!));
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !allowed.has(name))).toEqual([]);

    // What a start loads before it serves: main.js and the chunks it imports statically. The
    // packages only some starts need are loaded when needed (bench/README, Start-up): Redis with
    // REDIS_URL, each database engine when it is the one used, the template's tar at a first
    // start, the API reference's 4.9 MB bundle at its first page, the captcha at the first one.
    const atStart = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      const code = await readFile(path.join(outDir, file), 'utf8');
      for (const match of code.matchAll(/(?:^|\n)import\s[^'"]*?["']([^"']+)["']/g)) {
        const specifier = match[1]!;
        if (!specifier.startsWith('.')) atStart.add(packageOf(specifier));
        else if (!atStart.has(specifier)) {
          atStart.add(specifier);
          await visit(path.normalize(specifier));
        }
      }
    };
    await visit('main.js');
    expect(atStart.has('fastify')).toBe(true);
    const later = [
      'redis',
      '@socket.io/redis-streams-adapter',
      '@electric-sql/pglite',
      'pg',
      'tar',
      '@scalar/fastify-api-reference',
      'svg-captcha',
    ];
    expect(later.filter((name) => atStart.has(name))).toEqual([]);
    for (const name of later) expect(imported.has(name), name).toBe(true);

    // Laid out as deployed: node_modules beside dist-server/ (here the repository's own). Its
    // migrations and catalogue travel with it: a fresh data folder is migrated and seeded.
    await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const server = await startServerProcess({
      dataDir: path.join(dir, 'data'),
      entry: [path.join(outDir, 'main.js')],
    });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const games = await fetch(
      `${server.url}/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop&merchantCode=AURORA`,
    );
    expect(games.status).toBe(200);
    const stopped = await server.stop();
    expect(stopped, server.output()).toEqual({ code: 0, signal: null });
  });
});
