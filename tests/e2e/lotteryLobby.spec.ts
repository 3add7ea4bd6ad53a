import { expect, type Page, test } from '@playwright/test';
import { newAccount } from './accounts';
import { loginAs, openSlot } from './support';

/**
 * Issue 16, the lottery lobby and the small gaps: the Vietnam lottery's draws (next draws with
 * countdowns, latest results, a game's last draws) and its lobby view, the member's avatar in
 * the header, the /seamless section, the vendor menu's large layout, and the language selector
 * offering only complete languages.
 */
async function logIn(page: Page) {
  const { username, password } = await newAccount();
  await loginAs(page, username, password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  return username;
}

test('the Vietnam lottery shows its regions and cities with their draws, and a city’s game under them', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/vnLottery?gameCode=');
  // No city named (issue 34): the chooser, the regions as tabs and the first region's cities with
  // their countdowns, and a prompt instead of a frame. No vendor code shows.
  const menu = page.getByTestId('lottery-menu');
  await expect(menu.getByRole('tab', { name: 'Northern' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(menu.getByTestId('lottery-city').first()).toContainText(/closes in \d+:\d\d/);
  await expect(page.getByTestId('lottery-prompt')).toContainText('Choose a city to bet');
  await expect(page.locator('.lottery-frame')).toHaveCount(0);
  await expect(page.getByText('TCG_LOTTO_VN')).toHaveCount(0);

  // Under it: the region's next draws with their countdowns, and the latest results.
  const lobby = page.getByTestId('lottery-lobby');
  await expect(lobby.getByRole('listitem').first()).toBeVisible();
  await expect(lobby.getByTestId('draw-countdown').first()).toHaveText(/closes in \d+:\d\d/);
  const results = page.getByTestId('lottery-results');
  await expect(
    results.getByRole('list', { name: /Numbers of draw \d{8}-\d{4}/ }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('lottery-history')).toHaveCount(0);

  // Another region; a city opens its game right under the chooser, the city current.
  await menu.getByRole('tab', { name: 'Southern' }).click();
  const city = menu.getByTestId('lottery-city').first();
  const code = await city.getAttribute('data-game-code');
  await city.click();
  await expect(page).toHaveURL(new RegExp(`/vnLottery\\?gameCode=${code}$`));
  await expect(city).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('tab', { name: 'Southern' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const frame = page.frameLocator('.lottery-frame');
  await expect(frame.getByTestId('vn-lotto')).toBeVisible();
  await expect(frame.getByTestId('vn-open-draw')).toHaveAttribute('data-numero', /.+/);
  // The game's own last draws now show too (GET /lgw/vn/numeros/opened/game).
  const history = page.getByTestId('lottery-history');
  await expect(history.getByRole('listitem').first()).toContainText(/Draw \d{8}-\d{4}/);

  // A game of the region's next draws opens the same way from the page.
  const other = lobby.getByRole('link').nth(1);
  const href = await other.getAttribute('href');
  await other.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`));
  await expect(frame.getByTestId('vn-lotto')).toBeVisible();
});

test('a member picks an avatar in My Account and the header shows it', async ({ page }) => {
  await logIn(page);
  await expect(page.getByTestId('avatar')).toHaveAttribute('src', '/avatars/default.svg');
  await page.goto('/member/securityCenter');
  const picker = page.getByTestId('avatar-picker');
  await expect(picker.getByRole('radio')).toHaveCount(8);
  await picker.getByRole('radio', { name: 'Crown' }).check();
  await expect(page.getByTestId('avatar-status')).toHaveText('Your avatar is saved.');
  await expect(page.getByTestId('avatar').first()).toHaveAttribute('src', '/avatars/crown.svg');
  // Keyboard: the arrow keys move the choice within the group.
  await picker.getByRole('radio', { name: 'Crown' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByRole('radio', { name: 'Dice' })).toBeChecked();
  await expect(page.getByTestId('avatar').first()).toHaveAttribute('src', '/avatars/dice.svg');
  // Stored on the member: a reload keeps it.
  await page.reload();
  await expect(page.getByTestId('avatar').first()).toHaveAttribute('src', '/avatars/dice.svg');
});

test('the seamless wallet shows the main balance and the vendors drawing on it', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/seamless');
  const section = page.getByTestId('seamless-page');
  await expect(section.getByRole('heading', { level: 1 })).toHaveText('Seamless wallet');
  await expect(page.getByTestId('seamless-balance')).toContainText('$ 0.00');
  await expect(page.getByTestId('seamless-direct').locator('[data-vendor="PG"]')).toContainText(
    /\d+ games/,
  );
  await expect(page.getByTestId('seamless-mode')).toBeVisible();
  // The side menu is hidden on the seamless page (spec 2: a game page).
  await page.getByTestId('seamless-balance').getByRole('link', { name: 'Go to My Wallet' }).click();
  await expect(page).toHaveURL(/\/member\/transferFund$/);
});

test('the vendor menu takes its large layout when the vendor has more than ten games', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/pvp');
  // A vendor's card (no heart: favourites are games) whose games open in the vendor menu.
  await page
    .getByTestId('game-grid')
    .getByTestId('game-card')
    .filter({ hasNot: page.getByTestId('favourite-toggle') })
    .first()
    .getByRole('button', { name: 'Play now' })
    .click();
  const popup = page.locator('dialog[data-modal="vendor-games"]');
  await expect(popup.getByTestId('game-card').nth(10)).toBeVisible();
  const box = await popup.boundingBox();
  expect(box!.width).toBeGreaterThan(900);
  const columns = await popup
    .locator('.game-grid')
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(columns).toBeGreaterThanOrEqual(6);
});

test('the language selector offers only the complete languages', async ({ page }) => {
  await page.goto('/');
  const select = page.getByTestId('language-select').first();
  await expect(select).toBeVisible();
  const options = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(options).toEqual(['EN', 'ES', 'PT', 'KO', 'JA', 'ZH', 'VI', 'TH']);
});

test('a game that does not open in the popup moves to the whole window (GCS_gameLaunchFB)', async ({
  page,
}) => {
  await logIn(page);
  const game = await openSlot(page, '1.00');
  await expect(game.getByTestId('play')).toBeVisible();
  const popupUrl = await page.locator('dialog[data-modal="game"] iframe').getAttribute('src');
  await page.getByTestId('game-fallback').click();
  // The same game session, under a new address on the site, in the whole window.
  await expect(page).toHaveURL(/\/play\.html\?launch=[\w-]+&engine=slot/);
  expect(page.url()).not.toContain(new URL(popupUrl!, page.url()).searchParams.get('launch'));
  await expect(page.getByTestId('spin')).toBeEnabled();
  // The popup's address has stopped working.
  await page.goto(popupUrl!);
  await expect(page.getByRole('alert')).toContainText(/ended/);
});
