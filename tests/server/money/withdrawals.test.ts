import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_IMAGE_MAX_BYTES, type WithdrawalView } from '../../../src/shared/withdrawals';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import {
  answer,
  grant,
  ledgerSum,
  mainBalance,
  newKey,
  opsCall,
  tinyPng,
  uploadProof,
  withdraw,
} from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from './withdrawalConfig';
import { exifSegment, jpegComment, makeJpeg } from '../../support/images';

describe.each(engines)('withdrawals on %s', (engine) => {
  let server: TestServer;
  let player1: string;
  let player2: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: operatorPays });
    player1 = await loginToken(server, 'player1');
    player2 = await loginToken(server, 'player2');
    await grant(server, 'player1', '1000.00');
    await grant(server, 'player2', '500.00');
  });
  afterAll(() => server.close());

  it('holds the amount at once, and a replay of the request returns the same withdrawal', async () => {
    const idempotencyKey = newKey();
    const first = await withdraw(server, player1, { amount: '100.00', idempotencyKey });
    expect(first.body.success).toBe(true);
    const withdrawal = first.body.value as WithdrawalView;
    expect(withdrawal).toMatchObject({ amount: '100.00', status: 'requested' });
    expect(await mainBalance(server, player1)).toBe('900.00');

    const again = await withdraw(server, player1, { amount: '100.00', idempotencyKey });
    expect((again.body.value as WithdrawalView).id).toBe(withdrawal.id);
    expect(await mainBalance(server, player1)).toBe('900.00');
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses amounts outside the limits, beyond the balance, and a wrong payment password', async () => {
    const low = await withdraw(server, player2, { amount: '10.00' });
    expect(low.body).toMatchObject({ code: 'amount_out_of_range', value: { min: '50.00' } });
    const high = await withdraw(server, player2, { amount: '20000.01' });
    expect(high.body.code).toBe('amount_out_of_range');
    const beyond = await withdraw(server, player2, { amount: '600.00' });
    expect(beyond.body.code).toBe('insufficient_funds');
    const wrong = await withdraw(server, player2, { amount: '60.00', paymentPassword: '000000' });
    expect(wrong.body).toMatchObject({
      code: 'payment_password_wrong',
      value: { attemptsLeft: 4 },
    });
    expect(await mainBalance(server, player2)).toBe('500.00');
  });

  it('locks the payment password after five wrong guesses, even for the right one', async () => {
    const token = await loginToken(server, 'player3');
    await grant(server, 'player3', '200.00');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await withdraw(server, token, { amount: '60.00', paymentPassword: '111111' });
      expect(reply.body.code).toBe(attempt < 4 ? 'payment_password_wrong' : 'too_many_requests');
    }
    const right = await withdraw(server, token, { amount: '60.00' });
    expect(right.body.code).toBe('too_many_requests');
    expect(await mainBalance(server, token)).toBe('200.00');
  });

  it('asks for a payment password first, and sets one only with the login password', async () => {
    await server.deps.db.query(
      `update members set payment_password_hash = null where account = 'player2'`,
    );
    const missing = await withdraw(server, player2, { amount: '60.00' });
    expect(missing.body.code).toBe('payment_password_not_set');
    const info = await call(server, '/wps/withdraw/info', { headers: bearer(player2) });
    expect(info.body.value).toMatchObject({ hasPaymentPassword: false, min: '50.00' });

    const set = (body: unknown) =>
      encryptedCall(server, '/wps/member/paymentPassword', 'POST', body, bearer(player2));
    const wrongLogin = await set({ loginPassword: 'nope', paymentPassword: '135790' });
    expect(wrongLogin.body.code).toBe('old_password_wrong');
    const badFormat = await set({ loginPassword: 'Passw0rd!', paymentPassword: '12ab' });
    expect(badFormat.body).toMatchObject({
      code: 'field_invalid',
      value: { field: 'paymentPassword' },
    });
    const good = await set({ loginPassword: 'Passw0rd!', paymentPassword: '135790' });
    expect(good.body.success).toBe(true);

    const reply = await withdraw(server, player2, { amount: '60.00', paymentPassword: '135790' });
    expect(reply.body.success).toBe(true);
  });

  it('takes png and jpg proofs up to 5 MB only, checking the bytes, not the label', async () => {
    expect((await uploadProof(server, player1)).body.success).toBe(true);
    // A phone photo: stored without its EXIF (GPS position), comment and trailing bytes.
    const jpeg = makeJpeg({
      metadata: [exifSegment('GPS 21.0285N 105.8542E'), jpegComment('Secret Owner')],
      trailing: Buffer.from('appended secret'),
    });
    const photo = await uploadProof(server, player1, jpeg, 'image/jpeg');
    expect(photo.body.success).toBe(true);
    const [kept] = await server.deps.db.query<{ bytes: Uint8Array }>(
      'select bytes from upload_images where id = $1',
      [(photo.body.value as { id: string }).id],
    );
    for (const secret of ['GPS', 'Exif', 'Secret Owner', 'appended secret'])
      expect(Buffer.from(kept!.bytes).includes(secret)).toBe(false);
    // A JPEG's first bytes alone are not a picture.
    const stub = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const unreadable = await uploadProof(server, player1, stub, 'image/jpeg');
    expect(unreadable).toMatchObject({ status: 400, body: { code: 'image_corrupt' } });
    const text = await uploadProof(server, player1, Buffer.from('not an image'), 'image/png');
    expect(text.body.code).toBe('image_type_invalid');
    const mislabelled = await uploadProof(server, player1, tinyPng, 'image/jpeg');
    expect(mislabelled.body.code).toBe('image_type_invalid');
    const gif = await uploadProof(server, player1, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.status).toBe(415);
    const huge = Buffer.concat([tinyPng, Buffer.alloc(PROOF_IMAGE_MAX_BYTES)]);
    const tooBig = await uploadProof(server, player1, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.success).toBe(false);
  });

  it('refuses a proof that is not the member’s own and partial amounts that do not fit', async () => {
    const made = await withdraw(server, player1, { amount: '100.00' });
    const { id } = made.body.value as WithdrawalView;
    await opsCall(server, `/ops/withdrawals/${id}`, { action: 'pay' });
    const othersProof = (await uploadProof(server, player2)).body.value as { id: string };
    const stolen = await answer(server, player1, id, {
      answer: 'notReceived',
      proofImageId: othersProof.id,
    });
    expect(stolen.body.code).toBe('proof_required');
    const whole = await answer(server, player1, id, {
      answer: 'partial',
      receivedAmount: '100.00',
    });
    expect(whole.body.code).toBe('partial_amount_invalid');
    const notYours = await answer(server, player2, id, { answer: 'received' });
    expect(notYours.body.code).toBe('not_found');

    const partial = await answer(server, player1, id, {
      answer: 'partial',
      receivedAmount: '60.00',
    });
    expect(partial.body.value).toMatchObject({
      status: 'partiallyReceived',
      receivedAmount: '60.00',
      remainingAmount: '40.00',
    });
  });

  it('lists the member’s withdrawals newest first, paged and by status', async () => {
    const reply = await call(server, '/wps/withdraw/records?pageSize=2', {
      headers: bearer(player1),
    });
    const page = reply.body.value as { items: WithdrawalView[]; total: number };
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(Number(page.items[0]!.id)).toBeGreaterThan(Number(page.items[1]!.id));
    const byStatus = await call(server, '/wps/withdraw/records?status=partiallyReceived', {
      headers: bearer(player1),
    });
    const filtered = (byStatus.body.value as { items: WithdrawalView[] }).items;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((item) => item.status === 'partiallyReceived')).toBe(true);
    const bad = await call(server, '/wps/withdraw/records?status=lost', {
      headers: bearer(player1),
    });
    expect(bad.body.code).toBe('invalid_request');
  });

  it('gives a free-play account demo credit and refuses it every withdrawal call', async () => {
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    const token = (trial.body.value as { token: string }).token;
    expect(await mainBalance(server, token)).toBe(server.deps.config.payments.trialCredit);
    const refused = await withdraw(server, token, { amount: '60.00' });
    expect(refused.status).toBe(403);
    const info = await call(server, '/wps/withdraw/info', { headers: bearer(token) });
    expect(info.status).toBe(403);
    expect(await ledgerSum(server)).toBe(0n);
  });
});
