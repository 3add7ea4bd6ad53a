import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The help centre (issue 16 part 2; spec 2 /help, #term and /helpmc): opened from the shell,
 * searched as the person types, the terms by their anchor, its own page where the
 * customer-service link leads, its loading failure, and a phone's width.
 */

const helpPopup = (page: Page) => page.locator('dialog[data-modal="help"]');
const search = (scope: Page | Locator, name = 'Search the help centre') =>
  scope.getByRole('searchbox', { name });
const toggle = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

async function documentFits(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the footer opens the help centre; the search filters as one types, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Help' })
    .getByRole('link', { name: 'Help centre' })
    .click();
  await expect(page).toHaveURL(/\/help$/);
  const help = helpPopup(page);
  await expect(help.getByRole('heading', { name: 'Help centre' })).toBeVisible();
  // The sections, closed: an accordion.
  const deposits = toggle(help, 'Deposits');
  await expect(deposits).toHaveAttribute('aria-expanded', 'false');
  await expect(help.getByRole('heading', { name: 'How to deposit' })).toBeHidden();

  // By title and body, whatever the case; the real limits are filled in.
  await search(help).pressSequentially('PAYMENT pass');
  await expect(
    help.getByRole('heading', { name: 'Daily limit and payment password' }),
  ).toBeVisible();
  await expect(help.getByRole('heading', { name: 'How to withdraw' })).toBeVisible();
  await expect(help.getByText('One withdrawal is from 50.00 to 20000.00 USD.')).toBeVisible();
  await expect(help.getByRole('heading', { name: 'How to deposit' })).toBeHidden();
  await expect(help.getByRole('status').filter({ hasText: 'Articles found: 2' })).toBeAttached();

  await search(help).fill('qzxv nonsense');
  await expect(
    help.getByRole('heading', { name: 'Nothing matches “qzxv nonsense”' }),
  ).toBeVisible();
  await expect(help.getByRole('heading', { name: 'How to withdraw' })).toBeHidden();
  await help.getByRole('button', { name: 'Clear search' }).click();
  await expect(search(help)).toHaveValue('');
  await expect(deposits).toBeVisible();

  // The popup leads to the help centre's page.
  await help.getByRole('link', { name: 'Open the help centre page' }).click();
  await expect(page).toHaveURL(/\/helpmc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(help).toBeHidden();
  // The empty search offers customer service, which opens its section.
  await search(page).fill('qzxv');
  await page
    .getByRole('region', { name: 'Nothing matches “qzxv”' })
    .getByRole('link', { name: 'Customer service' })
    .click();
  await expect(page).toHaveURL(/\/helpmc#live-support$/);
  await expect(search(page)).toHaveValue('');
  await expect(toggle(page, 'Customer service')).toHaveAttribute('aria-expanded', 'true');
});

test('/help#term opens the help centre at the terms', async ({ page }) => {
  await page.goto('/help#term');
  const help = helpPopup(page);
  await expect(toggle(help, 'Terms and conditions')).toHaveAttribute('aria-expanded', 'true');
  await expect(help.getByRole('heading', { name: 'Who may play' })).toBeInViewport();
  await expect(help.getByText('You must be 18 or older, and at least the legal age')).toBeVisible();
  // The other sections stay closed.
  await expect(toggle(help, 'Deposits')).toHaveAttribute('aria-expanded', 'false');
});

test('/helpmc is the help centre page, #live-support its customer-service section; keyboard works', async ({
  page,
}) => {
  // The site's customer-service link is the live chat now (config: LIVE → /chat, then HELP →
  // /helpmc#live-support), opened in the page; the help centre's section is still an address.
  await page.goto('/');
  const support = page.getByRole('link', { name: 'Customer service' }).first();
  await expect(support).toHaveAttribute('href', '/chat');
  await expect(support).not.toHaveAttribute('target', '_blank');
  await page.goto('/helpmc#live-support');
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(toggle(page, 'Customer service')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'Contacting customer service' })).toBeInViewport();

  await page.goto('/helpmc');
  await expect(page).toHaveTitle(/Help centre/);
  const deposits = toggle(page, 'Deposits');
  await deposits.focus();
  await page.keyboard.press('Enter');
  await expect(deposits).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'My deposit has not arrived' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(deposits).toHaveAttribute('aria-expanded', 'false');
  // A link to another section of the page opens it.
  await page.goto('/helpmc#term');
  await expect(toggle(page, 'Terms and conditions')).toHaveAttribute('aria-expanded', 'true');
});

test('the help centre speaks the chosen language and ignores accents', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'ES'));
  await page.goto('/helpmc');
  await expect(page.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeVisible();
  await expect(toggle(page, 'Términos y condiciones')).toBeVisible();
  await search(page, 'Buscar en el centro de ayuda').fill('deposito');
  await expect(page.getByRole('heading', { name: 'Cómo depositar' })).toBeVisible();
  await expect(page.getByText('Cada depósito va de 10.00 a 50000.00 USD.')).toBeVisible();
});

test('a help centre that fails to load says so and loads on retry', async ({ page }) => {
  let failing = true;
  await page.route('**/wps/system/helpCenter**', (route) =>
    failing ? route.abort() : route.continue(),
  );
  await page.goto('/helpmc');
  const failed = page.getByTestId('help-failed');
  await expect(failed).toBeVisible();
  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(toggle(page, 'Deposits')).toBeVisible();
});

test('at 360 px nothing overflows sideways: every section open, the empty search, the popup', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/helpmc');
  const toggles = page.locator('.help-toggle');
  await expect(toggles).toHaveCount(9);
  for (const one of await toggles.all()) await one.click();
  await expect(page.locator('.help-toggle[aria-expanded="false"]')).toHaveCount(0);
  await documentFits(page);
  await search(page).fill('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz');
  await expect(page.getByRole('heading', { name: /^Nothing matches/ })).toBeVisible();
  await documentFits(page);

  await page.goto('/help#term');
  await expect(helpPopup(page).getByRole('heading', { name: 'Who may play' })).toBeVisible();
  await documentFits(page);
  const box = await helpPopup(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
