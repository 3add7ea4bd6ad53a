import { expect, type Page, test } from '@playwright/test';

// This spec tests the motion itself (playwright.config.ts runs the others with reduced motion).
test.use({ reducedMotion: 'no-preference' });

/** The shipped configuration's w_home banners, in order (config/platform.json). */
const HOME_BANNERS = ['home-welcome', 'home-slots', 'home-responsible'];

const carousel = (page: Page) => page.getByTestId('banner-carousel');
const activeSlide = (page: Page) => carousel(page).locator('.swiper-slide-active');
const dots = (page: Page) => carousel(page).locator('.swiper-pagination-bullet');

test('the home banners turn by themselves, and a dot shows its banner', async ({ page }) => {
  await page.goto('/');
  await expect(carousel(page)).toHaveAttribute('data-layout', 'carousel');
  await expect(dots(page)).toHaveCount(HOME_BANNERS.length);
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[0]!);
  await expect(activeSlide(page).getByRole('img')).toHaveAttribute(
    'alt',
    "Welcome offer: see this week's promotions",
  );

  // Autoplay: the next banner after 5000 ms (plus the 1000 ms slide).
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[1]!, {
    timeout: 9_000,
  });

  await dots(page).nth(2).click();
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[2]!);
  await expect(dots(page).nth(2)).toHaveClass(/swiper-pagination-bullet-active/);

  // The dots are buttons for the keyboard too.
  await dots(page).nth(0).focus();
  await page.keyboard.press('Enter');
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[0]!);
  await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
});

test('an INTERNAL banner opens its page in the app; an EXTERNAL one is a new-tab link', async ({
  page,
}) => {
  await page.goto('/');
  await expect(dots(page)).toHaveCount(HOME_BANNERS.length);
  await dots(page).nth(2).click();
  const external = activeSlide(page).getByTestId('banner-link');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

  await dots(page).nth(0).click();
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', 'home-welcome');
  // The site stays loaded: a router navigation, not a page load.
  await page.evaluate(() => {
    (window as { stayedLoaded?: boolean }).stayedLoaded = true;
  });
  await activeSlide(page).getByTestId('banner-link').click();
  await expect(page).toHaveURL(/\/promotions$/);
  expect(await page.evaluate(() => (window as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
});

test('the notice marquee opens the notice list with the notices and their content', async ({
  page,
}) => {
  await page.goto('/');
  const marquee = page.getByTestId('notice-marquee');
  await expect(marquee).toContainText('Scheduled maintenance on Monday');
  await marquee.getByTestId('notice-marquee-button').click();
  const popup = page.locator('dialog[data-modal="notices"]');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Notices' })).toBeVisible();
  const maintenance = popup.locator('#notice-maintenance-window');
  await expect(maintenance.getByRole('heading')).toHaveText(
    'Scheduled maintenance on Monday 02:00–03:00 GMT',
  );
  await expect(maintenance.locator('strong')).toHaveText('Monday from 02:00 to 03:00 GMT');
  await expect(popup.getByTestId('notice-item')).toHaveCount(2);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  // The keyboard opens it as well; Escape closes it.
  await marquee.getByTestId('notice-marquee-button').focus();
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('with reduced motion the banners stay put and the marquee stands still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(dots(page)).toHaveCount(HOME_BANNERS.length);
  await expect(page.locator('.notice-track')).toHaveCSS('animation-name', 'none');
  await page.waitForTimeout(6_500);
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[0]!);
  await dots(page).nth(1).click();
  await expect(activeSlide(page)).toHaveAttribute('data-banner-id', HOME_BANNERS[1]!);
});
