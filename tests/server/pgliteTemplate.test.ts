import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationsDir } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { fillFromPgliteTemplate, writePgliteTemplate } from '../../server/seed/pgliteTemplate';

/**
 * The embedded database's first start from the build's template (issue 31, first boot): an
 * empty data folder starts from the migrated cluster with the catalogue, and nothing is left to
 * migrate; a folder already in use is opened as it is (the template is not even read); a
 * template that does not load leaves the start to make an empty cluster, as without one.
 */
describe('the embedded database template', () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
    template = path.join(dir, 'template.tar.gz');
    await writePgliteTemplate(template);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const migrations = async () =>
    (await readdir(migrationsDir)).filter((name) => /^\d{3}_.+\.sql$/.test(name)).length;

  it('starts an empty folder migrated, with the catalogue, and no member', async () => {
    let asked = 0;
    const fromTemplate = (folder: string) => {
      asked += 1;
      return fillFromPgliteTemplate(folder, template);
    };
    const folder = path.join(dir, 'fresh');
    const db = await openPglite(folder, { template: fromTemplate });
    try {
      expect(asked).toBe(1);
      expect(await migrate(db)).toEqual([]);
      const [row] = await db.query<{ migrations: number; games: number; members: number }>(
        `select (select count(*) from schema_migrations)::int as migrations,
           (select count(*) from games)::int as games,
           (select count(*) from members)::int as members`,
      );
      expect(row).toEqual({
        migrations: await migrations(),
        games: expect.any(Number),
        members: 0,
      });
      expect(row!.games).toBeGreaterThan(100);
      await db.query(`insert into system_settings (key, value) values ('template.test', '1')`);
    } finally {
      await db.close();
    }
    // Opened again, the folder is what it holds: the template is not asked for.
    const again = await openPglite(folder, { template: fromTemplate });
    try {
      expect(asked).toBe(1);
      expect(
        await again.query(`select value from system_settings where key = 'template.test'`),
      ).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('makes an empty cluster when the template does not load', async () => {
    const broken = path.join(dir, 'broken.tar.gz');
    await writeFile(broken, 'not a tarball');
    await copyFile(`${template}.json`, `${broken}.json`);
    const db = await openPglite(path.join(dir, 'fallback'), {
      template: async (folder) => {
        expect(await fillFromPgliteTemplate(folder, broken)).toBe(false);
        expect(await readdir(folder)).toEqual([]);
        return false;
      },
    });
    try {
      expect(await migrate(db)).toHaveLength(await migrations());
    } finally {
      await db.close();
    }
  });

  it('is not used when made by another PGlite', async () => {
    const other = path.join(dir, 'other.tar.gz');
    await writeFile(other, 'x');
    await writeFile(
      `${other}.json`,
      JSON.stringify({ key: 'k', format: 'folder-tar-gz-1', pglite: '0.0.1' }),
    );
    const folder = await mkdtemp(path.join(dir, 'other-'));
    expect(await fillFromPgliteTemplate(folder, other)).toBe(false);
    expect(await fillFromPgliteTemplate(folder, path.join(dir, 'missing.tar.gz'))).toBe(false);
    expect(await readdir(folder)).toEqual([]);
  });
});
