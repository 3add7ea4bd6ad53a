import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { migrate, migrationsDir } from '../db/migrate';
import { emptyFolder, pgliteDatabase } from '../db/pglite';
import { catalogueFile, seedCatalogue } from './seedCatalogue';

/**
 * The embedded database's first start from a template (issue 31: first boot within 5× a bare
 * Fastify start). Most of a first boot was PGlite creating an empty cluster (`initdb` in
 * WebAssembly, ~4 s of the ~5.6 s) and the migrations (~0.9 s). The build makes that cluster
 * once — migrated, with the game catalogue, which is product data the same everywhere — and
 * packs it here; a server whose data folder is empty unpacks it there and opens it as on a
 * restart, then migrates and seeds as always, so a template older than the code only saves
 * less.
 *
 * Nothing of one installation is in it: no member, no promotion or good of a configuration, no
 * raffle seed, no key (the secrets are made by `createDeps`, after it).
 */
export const PGLITE_TEMPLATE_FILE = path.resolve('dist-server', 'pglite-template.tar.gz');
/** How the template is made (in its key: a cached one of another making is not used). */
const TEMPLATE_FORMAT = 'folder-tar-gz-1';
/** Beside it: what it was made of, `{ key, format, pglite }` (`templateKey`). */
const sidecarOf = (file: string) => `${file}.json`;

/** The installed PGlite's version: a template made by another one is not used. */
export async function pgliteVersion(): Promise<string> {
  const file = path.resolve('node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

/** A hash of what the template is made of: PGlite's version, the migrations, the catalogue. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(`${TEMPLATE_FORMAT} ${await pgliteVersion()}`);
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
 * before every start and should not pay for it each time. The template is the cluster's folder
 * as PGlite leaves it when closed, as a gzipped tarball (5.5 MB of 60).
 */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<boolean> {
  const key = await templateKey();
  const cached = path.join(CACHE_DIR, `${key}.tar.gz`);
  let made = false;
  if (!existsSync(cached)) {
    const folder = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
    try {
      const pg = await PGlite.create({ dataDir: folder });
      try {
        const db = pgliteDatabase(pg);
        await migrate(db);
        await seedCatalogue(db);
      } finally {
        await pg.close();
      }
      await mkdir(CACHE_DIR, { recursive: true });
      await tar.c({ gzip: true, portable: true, file: `${cached}.tmp`, cwd: folder }, ['.']);
      await rename(`${cached}.tmp`, cached);
      made = true;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  await copyFile(cached, `${file}.tmp`);
  await rename(`${file}.tmp`, file);
  await writeFile(
    sidecarOf(file),
    JSON.stringify({ key, format: TEMPLATE_FORMAT, pglite: await pgliteVersion() }),
  );
  return made;
}

/**
 * Fills the empty folder `folder` with the template's cluster; answers whether it did. Not when
 * none was built or another PGlite made it (its files might not be this engine's); a template
 * that does not unpack leaves the folder empty again. Never fails: without it the start makes
 * the cluster itself, as before. Unpacked by node-tar, not through PGlite's `loadDataDir`, which
 * writes each file through the WebAssembly file system.
 */
export async function fillFromPgliteTemplate(
  folder: string,
  file = PGLITE_TEMPLATE_FILE,
): Promise<boolean> {
  try {
    const made = JSON.parse(await readFile(sidecarOf(file), 'utf8')) as Record<string, unknown>;
    if (made.format !== TEMPLATE_FORMAT || made.pglite !== (await pgliteVersion())) return false;
    // Synchronously: at a first start nothing else runs yet, and node-tar's asynchronous unpack
    // of the cluster's 1,400 files waits on the thread pool for each (1.6–1.8 s against 0.6 s).
    tar.x({ file, cwd: folder, strict: true, sync: true });
    return true;
  } catch {
    await emptyFolder(folder);
    return false;
  }
}
