import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnnouncementEvent,
  AnnouncementResponse,
  OperatorAnnouncement,
} from '../../../src/shared/announcements';
import {
  databaseNow,
  tellScheduledAnnouncements,
} from '../../../server/domain/announcements/scheduledAnnouncements';
import { startAnnouncementTimer } from '../../../server/jobs/announcementTimer';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const RELAY = '/wps/relay/MCSFE_getListAnnouncements';

/**
 * A scheduled announcement's start and end reach open pages live (issue 16): the timer tells
 * them at the start and the end time through the `announcement` event, once (the job's
 * advisory lock and marks), whichever process or run gets there.
 */
describe.each(engines)('scheduled announcements on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      ...(json === undefined ? {} : { json }),
    });
  const publicIds = async () => {
    const reply = await call(server, `${RELAY}?types=PU&execution=B`);
    const value = reply.body.value as AnnouncementResponse;
    return { ids: value.popup.map((popup) => popup.id), seq: value.seq };
  };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  /**
   * How far ahead a start must lie for the test to see the time before it: at least 1.5 s, and
   * ten round trips of an operator call as this machine answers them now (a busy machine took
   * longer than 1.5 s to create one, and the announcement was already showing); at most 8 s.
   */
  const lead = async () => {
    const begun = Date.now();
    await ops('/ops/announcements?all=true');
    return Math.min(8_000, Math.max(1_500, 10 * (Date.now() - begun)));
  };

  it('tells open pages at the start and at the end, without anyone asking', async () => {
    const { io } = await import('socket.io-client');
    // Measured before the socket opens: its connect event must not pass while this waits.
    const span = await lead();
    const guest = io(server.url, { transports: ['websocket'], forceNew: true });
    const stop = startAnnouncementTimer(server.deps, () => undefined);
    try {
      const heard: AnnouncementEvent[] = [];
      guest.on('announcement', (event) => heard.push(event));
      await new Promise<void>((resolve) => guest.on('connect', () => resolve()));
      const created = await ops('/ops/announcements', {
        kind: 'popup',
        title: { EN: 'Happy hour' },
        content: { EN: '<p>Starts soon.</p>' },
        startsAt: at(span),
        endsAt: at(2 * span + 500),
      });
      expect(created.status).toBe(200);
      const { id, state } = created.body.value as OperatorAnnouncement;
      expect(state).toBe('scheduled');
      // The create itself is told (the operator's list changed), but the page sees nothing yet.
      await expect.poll(() => heard.length).toBe(1);
      expect((await publicIds()).ids).not.toContain(id);

      // The start: told at its time, and the page's fetch on that event finds it.
      await expect.poll(() => heard.length, { timeout: 2 * span + 5_000 }).toBe(2);
      const started = await publicIds();
      expect(started.ids).toContain(id);
      expect(started.seq).toBe(heard[1]!.seq);
      expect(heard[1]!.seq).toBeGreaterThan(heard[0]!.seq);

      // The end: told again, and it is gone.
      await expect.poll(() => heard.length, { timeout: 2 * span + 5_000 }).toBe(3);
      const ended = await publicIds();
      expect(ended.ids).not.toContain(id);
      expect(ended.seq).toBe(heard[2]!.seq);
      // Nothing told twice: a later run finds nothing due.
      expect(await tellScheduledAnnouncements(server.deps)).toEqual([]);
      const listed = (await ops('/ops/announcements?all=true')).body
        .value as OperatorAnnouncement[];
      expect(listed.find((item) => item.id === id)?.state).toBe('ended');
    } finally {
      await stop();
      guest.disconnect();
    }
  }, 60_000);

  it('tells each start and end once when runs race, and never one ended by hand', async () => {
    const span = await lead();
    const created = await Promise.all(
      [0, 1, 2].map((n) =>
        ops('/ops/announcements', {
          kind: 'notice',
          title: { EN: `Race ${n}` },
          content: { EN: '<p>.</p>' },
          startsAt: at(span),
          ...(n === 2 ? {} : { endsAt: at(span + 300) }),
        }),
      ),
    );
    const ids = created.map((reply) => (reply.body.value as OperatorAnnouncement).id);
    // The third is ended by hand before its start: its start is never told.
    expect((await ops(`/ops/announcements/${ids[2]}/end`, {})).status).toBe(200);
    // Wait until the database's clock is past both the start and the end.
    const last = Date.parse(at(0)) + span + 300;
    await expect
      .poll(async () => (await databaseNow(server.deps.db)).getTime() > last, {
        timeout: span + 5_000,
      })
      .toBe(true);
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => tellScheduledAnnouncements(server.deps)),
    );
    // Start and end both passed: one change per announcement, the first two only.
    expect(runs.flat()).toHaveLength(2);
    expect(await tellScheduledAnnouncements(server.deps)).toEqual([]);
  }, 60_000);
});
