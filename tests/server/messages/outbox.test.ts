import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/types';
import { createOutboxProviders, readOutbox } from '../../../server/domain/messaging/providers';
import { engines, openTestDatabase } from '../../support/testServer';

/** The outbox that the development page, the operator and the testers' tool read codes from. */
describe.each(engines)('the outbox on %s', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(engine));
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('lists the newest message first, past the tenth (ids ordered as numbers, not as text)', async () => {
    const { sms } = createOutboxProviders(db);
    for (let n = 1; n <= 12; n += 1) await sms.send('+84900000001', `code ${n}`);
    const messages = await readOutbox(db, '+84900000001');
    expect(messages.map((message) => message.body)).toEqual(
      Array.from({ length: 12 }, (_, index) => `code ${12 - index}`),
    );
    expect((await readOutbox(db, '+84900000001', 1))[0]!.body).toBe('code 12');
  });
});
