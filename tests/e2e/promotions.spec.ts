import { expect, test } from '@playwright/test';
import { createPromotion, opsCommand as ops } from './ops';
import { loginAs } from './support';

test('a guest sees the promotions, one the operator adds, its terms made safe, in their language', async ({
  page,
}) => {
  await page.goto('/promotions');
  const list = page.getByTestId('promotion-list');
  // From the configuration file: the welcome bonus is for new members, which a guest may be.
  const welcome = list.locator('[data-code="WELCOME_DEPOSIT"]');
  await expect(welcome.getByRole('heading', { name: 'Welcome deposit bonus' })).toBeVisible();
  await expect(welcome.getByTestId('promotion-status')).toHaveText('Open');

  // The operator adds one that starts later, with terms that try to run a script.
  const created = await createPromotion({
    code: 'E2E_LATER',
    type: 'signupBonus',
    content: {
      EN: {
        title: 'Spring bonus',
        summary: 'Five on sign-up.',
        terms:
          '<p>Fair terms</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
      },
      VI: { title: 'Thưởng mùa xuân', summary: 'Năm khi đăng ký.', terms: '<p>Điều khoản</p>' },
    },
    startsAt: '2099-03-01T00:00:00Z',
    terms: { amount: '5.00', wageringMultiplier: 1 },
  });
  expect(JSON.parse(created.stdout)).toEqual({ code: 'E2E_LATER', created: true });

  await page.reload();
  const later = list.locator('[data-code="E2E_LATER"]');
  await expect(later.getByTestId('promotion-status')).toHaveText('Coming soon');
  await later.getByText('Terms and conditions').click();
  await expect(later.getByText('Fair terms')).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(later.locator('script, img[onerror]')).toHaveCount(0);

  // In Vietnamese, the operator's Vietnamese texts.
  await page.getByTestId('language-select').first().selectOption('VI');
  await expect(later.getByRole('heading', { name: 'Thưởng mùa xuân' })).toBeVisible();
  await expect(later.getByTestId('promotion-status')).toHaveText('Sắp diễn ra');

  // Closed by the operator: gone from the page.
  await ops('promotion', 'close', 'E2E_LATER');
  await page.reload();
  await expect(welcome).toBeVisible();
  await expect(later).toHaveCount(0);
});

test('a member sees Rewards in the header only while a referral promotion is open', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/');
  // A guest always sees it (spec 2).
  await expect(nav.getByRole('link', { name: 'Rewards' })).toBeVisible();
  await loginAs(page, 'player5');
  await expect(nav.getByRole('link', { name: 'Promotions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Rewards' })).toHaveCount(0);

  await createPromotion({
    code: 'E2E_INVITE',
    type: 'referralReward',
    content: { EN: { title: 'Invite a friend', summary: '', terms: '' } },
    startsAt: '2026-01-01T00:00:00Z',
    terms: { amount: '10.00', wageringMultiplier: 1 },
  });
  try {
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Rewards' })).toBeVisible();
  } finally {
    await ops('promotion', 'close', 'E2E_INVITE');
  }
});
