import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite';
import type { Database } from '../../../server/db/types';
import type { Change } from '../../../server/platform/changes';
import {
  commit,
  commitExclusive,
  createChanges,
  publishOne,
} from '../../../server/platform/unitOfWork';

/** The unit of work (issue 29): the one way a committed change becomes live. */
describe('unit of work', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec('create table things (id int primary key)');
  });
  afterAll(() => db.close());

  const platformWith = () => {
    const changes = createChanges();
    const heard: string[] = [];
    changes.on('reward', (change) => heard.push(`reward:${change.memberId}`));
    changes.on('balance', (list) => heard.push(`balance:${list.length}`));
    return { platform: { db, changes }, heard };
  };

  it('publishes what a unit of work recorded only after its commit, in order', async () => {
    const { platform, heard } = platformWith();
    const during: string[][] = [];
    await commit(platform, async (work) => {
      await work.tx.query('insert into things values (1)');
      work.changed('reward', { memberId: '7', reason: 'issued' });
      work.changed('balance', []); // an empty list is nothing to tell
      work.changed('reward', { memberId: '8', reason: 'claimed' });
      during.push([...heard]);
    });
    expect(during).toEqual([[]]);
    expect(heard).toEqual(['reward:7', 'reward:8']);
  });

  it('publishes nothing when the unit of work rolls back', async () => {
    const { platform, heard } = platformWith();
    await expect(
      commit(platform, async (work) => {
        await work.tx.query('insert into things values (2)');
        work.changed('reward', { memberId: '9', reason: 'issued' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
    expect(await db.query('select id from things where id = 2')).toEqual([]);
  });

  it('reads after the commit what concurrent units of work add to, and publishes it', async () => {
    const { platform, heard } = platformWith();
    await commit(platform, async (work) => {
      await work.tx.query('insert into things values (3)');
      work.afterCommit(async (after): Promise<Change[]> => {
        const [row] = await after.db.query<{ n: number }>('select count(*)::int as n from things');
        return [{ kind: 'reward', change: { memberId: `count-${row!.n}`, reason: 'changed' } }];
      });
    });
    expect(heard).toEqual(['reward:count-2']);
  });

  it('publishes what a command’s result says changed', async () => {
    const { platform, heard } = platformWith();
    const result = await commit(
      platform,
      async () => ({ memberId: '11' }),
      (done) => [{ kind: 'reward', change: { memberId: done.memberId, reason: 'issued' } }],
    );
    expect(result).toEqual({ memberId: '11' });
    expect(heard).toEqual(['reward:11']);
  });

  it('runs a job once: a second holder of the lock does nothing and tells nothing', async () => {
    const { platform, heard } = platformWith();
    const outcome = await commitExclusive(
      platform,
      4242,
      async (work) => {
        work.changed('reward', { memberId: '12', reason: 'expired' });
        return 'done';
      },
      () => [],
    );
    expect(outcome).toEqual({ ran: true, result: 'done' });
    expect(heard).toEqual(['reward:12']);
  });

  it('keeps publishing to the other listeners when one throws', async () => {
    const changes = createChanges();
    const heard: string[] = [];
    // The broken one listens first: the next one still hears.
    changes.on('reward', () => {
      throw new Error('a broken listener');
    });
    changes.on('reward', (change) => heard.push(`reward:${change.memberId}`));
    const platform = { db, changes };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      publishOne(platform, 'reward', { memberId: '13', reason: 'issued' });
    } finally {
      console.error = original;
    }
    expect(heard).toEqual(['reward:13']);
    expect(errors).toHaveLength(1);
  });

  it('publishes only on a bus made by createChanges', () => {
    expect(() =>
      publishOne({ changes: { on: () => () => true } }, 'reward', {
        memberId: '1',
        reason: 'issued',
      }),
    ).toThrow(/createChanges/);
  });

  it('refuses the embedded database used beside its own transaction, instead of hanging', async () => {
    await expect(
      db.transaction(async () => {
        await db.query('select 1');
      }),
    ).rejects.toThrow(/use its tx/);
    // After the transaction, and outside it, the database answers as usual.
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  });
});
