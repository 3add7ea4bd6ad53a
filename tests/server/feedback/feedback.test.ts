import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR, type FeedbackView } from '../../../src/shared/feedback';
import type { MessageEvent, MessagePage } from '../../../src/shared/messages';
import { bearer, loginToken } from '../../support/identityClient';
import { exifSegment, jpegComment, makeJpeg, makePng, pngText } from '../../support/images';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const b64 = (bytes: Uint8Array) => ({ data: Buffer.from(bytes).toString('base64') });
const secretPng = makePng({ before: [pngText('Author', 'Secret Owner')] });
const secretJpeg = makeJpeg({
  metadata: [exifSegment('GPS 21.0285N 105.8542E'), jpegComment('Secret Owner')],
});

/**
 * Feedback (issue 16, spec 5): a member sends a category, a text of at most 140 characters, up
 * to three png/jpg images of at most 5 MB (checked by content, stored without their metadata)
 * and a remark; every violation is refused with its own code and nothing is stored; the
 * operator lists, reads and answers, and the answer lands in the member's inbox, live.
 */
describe.each(engines)('feedback on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const account of ['player1', 'player3', 'player5', 'player6']) {
      tokens[account] = await loginToken(server, account);
    }
  });
  afterAll(() => server.close());

  const send = (account: string, json: Record<string, unknown>) =>
    call(server, '/wps/feedback', { method: 'PUT', headers: bearer(tokens[account]!), json });
  const ops = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    call(server, path, { ...init, headers: bearer(server.opsToken) });
  const stored = async () => {
    const [row] = await server.deps.db.query<{ feedback: number; images: number; quota: number }>(
      `select (select count(*)::int from feedback) as feedback,
         (select count(*)::int from feedback_images) as images,
         (select coalesce(sum(used), 0)::int from feedback_quota) as quota`,
    );
    return row!;
  };
  const good = { category: 'deposit', text: 'My deposit took an hour to arrive.' };

  it('stores a good feedback with its images stripped of metadata, and lists it', async () => {
    const reply = await send('player1', {
      ...good,
      text: '  Nạp tiền chậm 👍🏽  ',
      remark: 'Screenshots attached',
      images: [b64(secretPng), b64(secretJpeg)],
    });
    expect(reply.status).toBe(200);
    const view = reply.body.value as FeedbackView;
    expect(view).toMatchObject({
      category: 'deposit',
      text: 'Nạp tiền chậm 👍🏽',
      remark: 'Screenshots attached',
      imageCount: 2,
      status: 'open',
      answer: null,
    });
    const images = await server.deps.db.query<{ content_type: string; bytes: Uint8Array }>(
      'select content_type, bytes from feedback_images where feedback_id = $1 order by position',
      [view.id],
    );
    expect(images.map((image) => image.content_type)).toEqual(['image/png', 'image/jpeg']);
    for (const image of images) {
      const bytes = Buffer.from(image.bytes);
      for (const secret of ['Secret Owner', 'GPS', 'Exif'])
        expect(bytes.includes(secret)).toBe(false);
    }
    expect(Buffer.from(images[1]!.bytes).equals(makeJpeg())).toBe(true);

    const mine = await call(server, '/wps/feedback', { headers: bearer(tokens.player1!) });
    expect((mine.body.value as { items: FeedbackView[] }).items[0]).toMatchObject({ id: view.id });
    // Another member does not see it.
    const theirs = await call(server, '/wps/feedback', { headers: bearer(tokens.player3!) });
    expect((theirs.body.value as { items: FeedbackView[] }).items).toEqual([]);
  });

  it('accepts exactly 140 characters, three images and a 140-character remark', async () => {
    const reply = await send('player1', {
      category: 'suggestion',
      text: '🇻🇳'.repeat(140),
      remark: 'r'.repeat(140),
      images: [b64(makePng()), b64(makeJpeg()), b64(makePng({ width: 9, height: 9 }))],
    });
    expect(reply.body).toMatchObject({ success: true, value: { imageCount: 3 } });
  });

  it('refuses every violation with its own code and field, and stores nothing', async () => {
    const before = await stored();
    const png = b64(makePng());
    const sixMegabytes = b64(makePng({ padTo: 6 * 1024 * 1024 }));
    const textFile = b64(Buffer.from('I am a text file renamed screenshot.png\n'));
    const cases: [Record<string, unknown>, number, string, Record<string, unknown>][] = [
      [{ ...good, text: 'x'.repeat(141) }, 400, 'feedback_text_too_long', { field: 'text' }],
      [{ ...good, text: ' \n ' }, 400, 'feedback_text_required', { field: 'text' }],
      [{ ...good, text: 'beep\u0007' }, 400, 'feedback_text_invalid', { field: 'text' }],
      [{ ...good, remark: 'y'.repeat(141) }, 400, 'feedback_remark_too_long', { field: 'remark' }],
      [{ ...good, category: 'jackpot' }, 400, 'feedback_category_invalid', { field: 'category' }],
      [
        { ...good, images: [png, png, png, png] },
        400,
        'feedback_too_many_images',
        { field: 'images' },
      ],
      [
        { ...good, images: [png, sixMegabytes] },
        413,
        'feedback_image_too_large',
        { field: 'images', index: 1 },
      ],
      [{ ...good, images: [textFile] }, 415, 'feedback_image_type', { field: 'images', index: 0 }],
      [
        { ...good, images: [png, { data: '%%% not base64 %%%' }] },
        400,
        'feedback_image_corrupt',
        { field: 'images', index: 1 },
      ],
      [
        // A PNG signature in front of garbage.
        { ...good, images: [b64(Buffer.concat([makePng().subarray(0, 8), Buffer.alloc(64, 1)]))] },
        400,
        'feedback_image_corrupt',
        { field: 'images', index: 0 },
      ],
      [{ ...good, extra: 'field' }, 400, 'invalid_request', {}],
      [{ text: 'no category' }, 400, 'invalid_request', {}],
    ];
    for (const [json, status, code, value] of cases) {
      const reply = await send('player3', json);
      expect(reply.status, code).toBe(status);
      expect(reply.body, code).toMatchObject({ success: false, code });
      if (Object.keys(value).length) expect(reply.body.value).toEqual(value);
      expect(reply.body.message, code).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  it('is for logged-in real accounts only', async () => {
    const anonymous = await call(server, '/wps/feedback', { method: 'PUT', json: good });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });
  });

  it(`allows ${FEEDBACK_PER_HOUR} feedbacks an hour, reserved atomically`, async () => {
    const hour = async () =>
      (await server.deps.db.query<{ h: string }>(`select date_trunc('hour', now())::text as h`))[0]!
        .h;
    const before = await stored();
    const startedIn = await hour();
    // More at once than the limit allows: exactly the limit is stored, the rest refused.
    const replies = await Promise.all(
      Array.from({ length: FEEDBACK_PER_HOUR + 4 }, (_, n) =>
        send('player5', { ...good, text: `Feedback number ${n}` }),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    // A burst that straddles the turn of the hour rightly gets a second window.
    if ((await hour()) !== startedIn) return;
    expect(accepted).toHaveLength(FEEDBACK_PER_HOUR);
    expect(refused).toHaveLength(4);
    for (const reply of refused) expect(reply.body.code).toBe('feedback_rate_limited');
    const after = await stored();
    expect(after.feedback - before.feedback).toBe(FEEDBACK_PER_HOUR);
  });

  it('reserves every send, refused or not, before decoding: a flood of bad ones stops at the limit', async () => {
    const before = await stored();
    // Bad images cost the server their decoding: forty an hour, then refused before any work.
    const corrupt = Buffer.from(secretPng).subarray(0, 60);
    const replies = await Promise.all(
      Array.from({ length: 44 }, () => send('player6', { ...good, images: [b64(corrupt)] })),
    );
    const codes = replies.map((reply) => reply.body.code);
    expect(codes.filter((code) => code === 'feedback_image_corrupt')).toHaveLength(40);
    expect(codes.filter((code) => code === 'feedback_rate_limited')).toHaveLength(4);
    // A good one now waits too; nothing was stored.
    expect((await send('player6', good)).body.code).toBe('feedback_rate_limited');
    expect(await stored()).toEqual(before);
  });

  it('lets the operator list, show and answer; the answer arrives in the inbox, live', async () => {
    const sent = await send('player1', { ...good, category: 'withdrawal', text: 'Where is it?' });
    const id = (sent.body.value as FeedbackView).id;

    // Operator only.
    const stranger = await call(server, '/ops/feedback', { headers: bearer(tokens.player1!) });
    expect(stranger).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    const list = await ops('/ops/feedback');
    const open = list.body.value as (FeedbackView & { account: string })[];
    expect(open.find((item) => item.id === id)).toMatchObject({
      account: 'player1',
      status: 'open',
    });
    const first = open.find((item) => item.imageCount === 2)!;
    const shown = await ops(`/ops/feedback/${first.id}`);
    expect(shown.body.value).toMatchObject({
      id: first.id,
      images: [
        { position: 0, type: 'image/png' },
        { position: 1, type: 'image/jpeg', width: 8, height: 8 },
      ],
    });
    const image = await fetch(`${server.url}/ops/feedback/${first.id}/images/0`, {
      headers: bearer(server.opsToken),
    });
    expect(image.headers.get('content-type')).toBe('image/png');

    const { io } = await import('socket.io-client');
    const socket = io(server.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token: tokens.player1 },
    });
    try {
      const heard: MessageEvent[] = [];
      socket.on('message', (event) => heard.push(event));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const unread = async () => {
        const reply = await call(server, '/wps/relay/CSP_unreadCount', {
          headers: bearer(tokens.player1!),
        });
        return (reply.body.value as { count: number }).count;
      };
      const unreadBefore = await unread();

      const empty = await ops(`/ops/feedback/${id}/answer`, {
        method: 'POST',
        json: { answer: ' ' },
      });
      expect(empty).toMatchObject({ status: 400, body: { code: 'invalid_request' } });

      const answer = 'We found it: it was paid at 10:02. Thank you for telling us.';
      const answered = await ops(`/ops/feedback/${id}/answer`, {
        method: 'POST',
        json: { answer },
      });
      expect(answered.body).toMatchObject({ success: true, value: { status: 'answered', answer } });
      await expect.poll(() => heard).toContainEqual({ reason: 'received' });
      expect(await unread()).toBe(unreadBefore + 1);

      const inbox = await call(server, '/wps/messages', { headers: bearer(tokens.player1!) });
      expect((inbox.body.value as MessagePage).items[0]).toMatchObject({
        kind: 'notice',
        topic: 'feedbackAnswered',
        params: { feedbackId: id, category: 'withdrawal', answer },
        read: false,
      });
      const mine = await call(server, '/wps/feedback', { headers: bearer(tokens.player1!) });
      expect((mine.body.value as { items: FeedbackView[] }).items[0]).toMatchObject({
        id,
        status: 'answered',
        answer,
      });

      // Answered once; an unknown id is not found; neither writes a message.
      const again = await ops(`/ops/feedback/${id}/answer`, { method: 'POST', json: { answer } });
      expect(again).toMatchObject({ status: 409, body: { code: 'feedback_answered' } });
      const missing = await ops('/ops/feedback/999999/answer', {
        method: 'POST',
        json: { answer },
      });
      expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(await unread()).toBe(unreadBefore + 1);
    } finally {
      socket.disconnect();
    }
  });
});
