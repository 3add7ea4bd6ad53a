import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, migrationsDir } from '../db/migrate';
import { pgliteDatabase } from '../db/pglite';
import { catalogueFile, seedCatalogue } from './seedCatalogue';

/**
 * The embedded database's first start from a template (issue 31: first boot within 5× a bare
 * Fastify start). Most of a first boot was PGlite creating an empty cluster (`initdb` in
 * WebAssembly, ~4 s of the ~5.6 s) and the migrations (~0.9 s). The build makes that cluster
 * once — migrated, with the game catalogue, which is product data the same everywhere — and
 * dumps it here; a server whose data folder is empty starts from it (PGlite's `loadDataDir`),
 * then migrates and seeds as always, so a template older than the code only saves less.
 *
 * Nothing of one installation is in it: no member, no promotion or good of a configuration, no
 * raffle seed, no key (the secrets are made by `createDeps`, after it).
 */
export const PGLITE_TEMPLATE_FILE = path.resolve('dist-server', 'pglite-template.tar.gz');
/** Beside it: what it was made of, `{ key, pglite }` (`templateKey`). */
const sidecarOf = (file: string) => `${file}.json`;

/** The installed PGlite's version: a template made by another one is not used. */
export async function pgliteVersion(): Promise<string> {
  const file = path.resolve('node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

/** A hash of what the template is made of: PGlite's version, the migrations, the catalogue. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion());
  const names = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of names) {
    hash.update(name).update(await readFile(path.join(migrationsDir, name)));
  }
  hash.update(await readFile(catalogueFile));
  return hash.digest('hex');
}

/** Templates made before, by key: the build empties dist-server/ each time. */
const CACHE_DIR = path.resolve('node_modules', '.cache', 'pglite-template');

/**
 * Writes the template to `file`, made of the current migrations and catalogue, or copied from
 * the cache when one was made of the same (answers whether it was made now): `npm start` builds
 * before every start and should not pay for it each time.
 */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<boolean> {
  const key = await templateKey();
  const cached = path.join(CACHE_DIR, `${key}.tar.gz`);
  let made = false;
  if (!existsSync(cached)) {
    const pg = await PGlite.create();
    try {
      const db = pgliteDatabase(pg);
      await migrate(db);
      await seedCatalogue(db);
      const dump = await pg.dumpDataDir('gzip');
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(`${cached}.tmp`, Buffer.from(await dump.arrayBuffer()));
      await rename(`${cached}.tmp`, cached);
      made = true;
    } finally {
      await pg.close();
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  await copyFile(cached, `${file}.tmp`);
  await rename(`${file}.tmp`, file);
  await writeFile(sidecarOf(file), JSON.stringify({ key, pglite: await pgliteVersion() }));
  return made;
}

/**
 * The template to start an empty data folder from, or null: none built, or made by another
 * PGlite (its files might not be this engine's). Never fails: without it the start makes the
 * cluster itself, as before.
 */
export async function readPgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<Blob | null> {
  try {
    const { pglite } = JSON.parse(await readFile(sidecarOf(file), 'utf8')) as { pglite?: string };
    if (pglite !== (await pgliteVersion())) return null;
    return new Blob([await readFile(file)]);
  } catch {
    return null;
  }
}
