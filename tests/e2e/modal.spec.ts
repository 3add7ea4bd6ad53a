import { expect, test } from '@playwright/test';

test.describe('modal behaviour (spec 2)', () => {
  test('locks page scroll, ignores outside clicks, closes by button or Escape, restores the scroll position', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    // The lobby loads after the first paint; the page is tall enough to scroll once it is in.
    await expect(page.getByTestId('hot-games')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);

    await page.getByTestId('open-login').click();
    const modal = page.locator('dialog[data-modal="login"]');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-visible', 'true');
    expect(await page.evaluate(() => document.body.style.position)).toBe('fixed');

    // A click on the cover (outside the box) does not close it.
    await page.mouse.click(5, 400);
    await expect(modal).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => document.body.style.position)).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(250);

    await page.getByTestId('open-login').click();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });

  test('can be dragged by its header', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('open-register').click();
    const modal = page.locator('dialog[data-modal="register"]');
    // Measure once the form has loaded: its height moves the centred dialog.
    await expect(modal.getByLabel('Username')).toBeVisible();
    const header = modal.locator('.modal-header');
    const before = await modal.boundingBox();
    const grip = await header.boundingBox();
    if (!before || !grip) throw new Error('modal not laid out');
    await page.mouse.move(grip.x + 20, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 120, grip.y + grip.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    const after = await modal.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(100);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(60);
  });
});
