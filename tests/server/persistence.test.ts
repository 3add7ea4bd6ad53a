import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { demoAccounts } from '../../server/seed/demoAccounts';
import { agentDemoAccounts } from '../../server/seed/seedAgentDemo';
import { call, engines, openTestDatabase, startTestServer } from '../support/testServer';

describe('embedded database on disk', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the maintenance switch and the demo accounts across a restart', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-data-'));
    const first = await startTestServer('pglite', { database: await openPglite(dir) });
    await first.deps.maintenance.set({ enabled: true, end: '2026-12-24T18:00:00.000Z' });
    await first.close();
    await first.deps.db.close();

    const second = await startTestServer('pglite', { database: await openPglite(dir) });
    try {
      const status = await call(second, '/wps/system/status');
      expect(status.body.value).toMatchObject({
        maintenance: true,
        maintenanceEnd: '2026-12-24T18:00:00.000Z',
      });
      const accounts = await second.deps.db.query<{ account: string }>(
        'select account from members order by id',
      );
      // Seeding twice does not duplicate anything.
      expect(accounts.map((row) => row.account)).toEqual([
        ...demoAccounts.map((demo) => demo.account),
        ...agentDemoAccounts.map((demo) => demo.account),
      ]);
    } finally {
      await second.close();
      await second.deps.db.close();
    }
  });
});

describe.each(engines)('migrations on %s', (engine) => {
  it('apply once, in order, and again as a no-op', async () => {
    const { db, drop } = await openTestDatabase(engine);
    try {
      const first = await migrate(db);
      expect(first[0]).toBe('001_foundation.sql');
      expect(await migrate(db)).toEqual([]);
      const uplines = await db.query<{ account: string; upline: string | null }>(
        `select m.account, u.account as upline from members m left join members u on u.id = m.upline_id`,
      );
      expect(uplines).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('seed agent1 with its downline team', async () => {
    const server = await startTestServer(engine);
    try {
      const rows = await server.deps.db.query<{
        account: string;
        upline: string | null;
        type: number;
      }>(
        `select m.account, u.account as upline, m.type from members m
         left join members u on u.id = m.upline_id order by m.id`,
      );
      expect(rows).toEqual([
        { account: 'player1', upline: null, type: 0 },
        { account: 'agent1', upline: null, type: 1 },
        { account: 'player2', upline: 'agent1', type: 0 },
        { account: 'player3', upline: 'agent1', type: 0 },
        // The back office's demo team (seedAgentDemo), several levels deep.
        ...agentDemoAccounts.map((demo) => ({
          account: demo.account,
          upline: demo.upline,
          type: demo.type,
        })),
      ]);
    } finally {
      await server.close();
    }
  });
});
