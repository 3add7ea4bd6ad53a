import { expect, type Page } from '@playwright/test';
import { bearer, encryptedCall, loginToken } from '../support/identityClient';
import { makePng } from '../support/images';
import { newAccount } from './accounts';
import { noSideways, signedInAs } from './backOfficeFlows';
import { grantBonus, upsertGoods } from './ops';
import { uniqueName } from './support';

/**
 * The back office's feedback and redemptions queues (issue 30) in the real browser, the flows
 * the desktop and phone specs run (backOfficeQueues.spec.ts, backOfficeQueues.phone.spec.ts).
 * Members make their feedback and redemptions through the member API, as the app does.
 */

const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

/** A row's number, `#12`, and not the start of another's (`#120`): the queues are shared. */
const numbered = (id: string) => new RegExp(`#${id}(?!\\d)`);

const staffToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('supportToken'));

/** A staff call of the signed-in page's session: refused with 403 `forbidden_role`. */
async function expectRefused(page: Page, method: 'get' | 'post', path: string) {
  const headers = { authorization: `Bearer ${await staffToken(page)}` };
  const refused =
    method === 'get'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: { note: null } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden_role');
}

/** A new member's feedback about a withdrawal, with one image; its id and text. */
async function memberFeedback(page: Page) {
  const member = await newAccount();
  const token = await loginToken(server, member.username, member.password);
  const text = `Payout late ${uniqueName('')}, please check`;
  const sent = await page.request.put('/wps/feedback', {
    headers: bearer(token),
    data: {
      category: 'withdrawal',
      text,
      remark: 'Sent from e2e',
      images: [{ data: makePng({ width: 8, height: 6 }).toString('base64') }],
    },
  });
  const body = (await sent.json()) as { success: boolean; value: { id: string } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return { ...member, token, id: body.value.id, text };
}

/**
 * Support opens the queue of open feedback, reads a member's (with its image), is told to write
 * something first, answers it: the feedback leaves the open queue and shows answered, with the
 * answer, and the member's own list has it.
 */
export async function feedbackFlow(page: Page) {
  const feedback = await memberFeedback(page);
  await signedInAs(page, ['support'], 'feedback');
  const panel = page.getByTestId('feedback-panel');
  await expect(panel.getByLabel('Show')).toHaveValue('open');
  const queue = page.getByTestId('feedback-queue');
  const row = queue.locator('tr', { hasText: numbered(feedback.id) });
  await expect(row).toContainText(feedback.username);
  await expect(row).toContainText('Withdrawal');
  await expect(row).toContainText('Open');
  await noSideways(page);

  await row.getByRole('button', { name: `Read feedback #${feedback.id}` }).click();
  const reader = page.getByTestId('feedback-reader');
  await expect(reader).toContainText(`Feedback #${feedback.id}`);
  await expect(reader.getByTestId('feedback-text')).toHaveText(feedback.text);
  await expect(reader).toContainText('Sent from e2e');
  await expect(reader).toContainText('1 image');
  const image = reader.getByTestId('feedback-image');
  await expect(image).toHaveAttribute('alt', `Image 1 of feedback #${feedback.id}`);
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(8);
  await noSideways(page);

  const form = page.getByTestId('feedback-answer-form');
  await form.getByRole('button', { name: 'Send answer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Write an answer first.');
  const answer = `We found it: paid today (${feedback.id}).`;
  await form.getByLabel('Your answer').fill(answer);
  await form.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    `Feedback #${feedback.id} answered.`,
  );
  // Back in the open queue, without it.
  await expect(panel.getByLabel('Show')).toHaveValue('open');
  await expect(reader).toHaveCount(0);
  await expect(page.locator('tr', { hasText: numbered(feedback.id) })).toHaveCount(0);

  await panel.getByLabel('Show').selectOption('answered');
  const answered = queue.locator('tr', { hasText: numbered(feedback.id) });
  await expect(answered).toContainText('Answered');
  await answered.getByRole('button', { name: `Read feedback #${feedback.id}` }).click();
  await expect(page.getByTestId('feedback-answer')).toContainText(answer);
  await expect(page.getByTestId('feedback-answer-form')).toHaveCount(0);
  await noSideways(page);
  await page.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(queue).toBeVisible();

  // The member's own list has the answer.
  const mine = await page.request.get('/wps/feedback', { headers: bearer(feedback.token) });
  const { items } = (
    (await mine.json()) as { value: { items: { id: string; answer: string | null }[] } }
  ).value;
  expect(items.find((one) => one.id === feedback.id)?.answer).toBe(answer);

  // Live: another member's feedback shows in the open queue without a reload.
  await panel.getByLabel('Show').selectOption('open');
  const next = await memberFeedback(page);
  await expect(queue.locator('tr', { hasText: numbered(next.id) })).toContainText(next.username);
}

/** Marketing has no feedback tab, and its call is refused. */
export async function feedbackRolesFlow(page: Page) {
  await signedInAs(page, ['marketing']);
  await expect(page.getByRole('tab', { name: 'Redemptions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Feedback' })).toHaveCount(0);
  await expectRefused(page, 'get', '/ops/feedback');
}

/**
 * A member with points and cash who redeems a good `times` times (10 points and 1.00 each):
 * the redemptions' ids, and the member's token and code of the good.
 */
async function memberRedemptions(page: Page, times: number) {
  const code = `E2E_${uniqueName('').toUpperCase()}`;
  await upsertGoods({
    code,
    name: { EN: `Queue mug ${code}` },
    image: null,
    points: 10,
    amount: '1.00',
    quantity: 5,
    status: 'active',
  });
  const member = await newAccount();
  await grantBonus(member.username, '10.00');
  const points = await page.request.post('/wps/dev/points', {
    data: { account: member.username, points: 30 },
  });
  expect(points.ok()).toBe(true);
  const token = await loginToken(server, member.username, member.password);
  const set = await encryptedCall(
    server,
    '/wps/member/paymentPassword',
    'POST',
    { loginPassword: member.password, paymentPassword: '135790' },
    bearer(token),
  );
  expect(set.body.success, JSON.stringify(set.body)).toBe(true);
  const goods = await page.request.get('/wps/relay/getPointReward', { headers: bearer(token) });
  const list = ((await goods.json()) as { value: { id: string; code: string }[] }).value;
  const goodsId = list.find((one) => one.code === code)!.id;
  const ids: string[] = [];
  for (let time = 0; time < times; time++) {
    const redeemed = await encryptedCall(
      server,
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      'POST',
      { goodsId, paymentPassword: '135790', idempotencyKey: `e2e${code}${time}`.slice(-60) },
      bearer(token),
    );
    expect(redeemed.body.success, JSON.stringify(redeemed.body)).toBe(true);
    ids.push((redeemed.body.value as { id: string }).id);
  }
  const balance = async () => {
    const answer = await page.request.get('/wps/relay/MCS2_getPointBalance', {
      headers: bearer(token),
    });
    return ((await answer.json()) as { value: { points: number } }).value.points;
  };
  return { ...member, code, ids, balance };
}

/**
 * Marketing has the queue open: approves one redemption, rejects another with a note (the
 * member gets its points back); both leave the queue.
 */
export async function redemptionsFlow(page: Page) {
  const member = await memberRedemptions(page, 2);
  const [approved, rejected] = member.ids as [string, string];
  expect(await member.balance()).toBe(10);
  await signedInAs(page, ['marketing'], 'redemptions');
  const queue = page.getByTestId('redemption-queue');
  const rowOf = (id: string) => queue.locator('tr', { hasText: numbered(id) });
  await expect(rowOf(approved)).toContainText(`Queue mug ${member.code}`);
  await expect(rowOf(approved)).toContainText(member.username);
  await expect(rowOf(approved)).toContainText('1.00');
  await expect(rowOf(rejected)).toContainText('10');
  await expect(page.getByTestId('redemptions-read-only')).toHaveCount(0);
  await noSideways(page);

  await rowOf(approved).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`Redemption #${approved} approved.`);
  await expect(rowOf(approved)).toHaveCount(0);

  await rowOf(rejected).getByRole('button', { name: 'Reject' }).click();
  await rowOf(rejected).getByLabel('Note (optional)').fill('Out of this colour');
  await noSideways(page);
  await rowOf(rejected).getByRole('button', { name: 'Reject and refund' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    `Redemption #${rejected} rejected: points and cash refunded.`,
  );
  await expect(rowOf(rejected)).toHaveCount(0);
  expect(await member.balance()).toBe(20);

  // Live: another member's redemption shows in the open queue without a reload.
  const next = await memberRedemptions(page, 1);
  await expect(rowOf(next.ids[0]!)).toContainText(next.username);
}

/** Finance reads the queue without buttons, and its decision is refused. */
export async function redemptionsReadOnlyFlow(page: Page) {
  const member = await memberRedemptions(page, 1);
  const [id] = member.ids as [string];
  await signedInAs(page, ['finance'], 'redemptions');
  const row = page.getByTestId('redemption-queue').locator('tr', { hasText: numbered(id) });
  await expect(row).toContainText(`Queue mug ${member.code}`);
  await expect(page.getByTestId('redemptions-read-only')).toHaveText(
    'Marketing decides redemptions: you can read the queue.',
  );
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expectRefused(page, 'post', `/ops/redemptions/${id}/approve`);
  expect(await member.balance()).toBe(20);
}
