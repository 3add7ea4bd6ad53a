import { expect, test } from '@playwright/test';
import { newAccount } from './accounts';
import { loginAs } from './support';

test('the deposit page labels the demo channel, and the page breaks no security policy', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('balance')).toHaveText('$ 0.00');

  await page.goto('/member/depositv2');
  const channel = page.getByTestId('deposit-channel');
  await expect(channel.locator('.badge')).toHaveText('Demo');
  await expect(channel).toContainText('Demo payment channel');
  await page.getByLabel('Amount').fill('25');
  await page.getByTestId('deposit-submit').click();
  // The header's balance moves through the socket (connect-src 'self' lets it connect).
  await expect(page.getByTestId('balance')).toHaveText('$ 25.00', { timeout: 10_000 });
  expect(violations).toEqual([]);
});
