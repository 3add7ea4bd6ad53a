import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginToken } from '../support/identityClient';
import { newAccount } from './accounts';
import { createAnnouncement, endAnnouncement, opsCommand } from './ops';
import { loginAs } from './support';

/**
 * Announcements (issue 16; spec 2 popups, spec 4 "pop-ups once per session"). Every
 * announcement here is for this spec's own fresh accounts only (`accounts`), so no other spec
 * on the shared server ever sees one, and each is ended in the cleanup all the same.
 */
const created: string[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await endAnnouncement(id);
});

const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

/**
 * A fresh account whose first login is already behind it: the first-login greeting (a dialog
 * of its own) would otherwise open beside the pop-ups these tests look at.
 */
async function account() {
  const fresh = await newAccount();
  await loginToken(server, fresh.username, fresh.password);
  return fresh;
}

async function announce(body: Record<string, unknown>): Promise<string> {
  const id = await createAnnouncement(body);
  created.push(id);
  return id;
}

/** Logs `username` in through the login popup of the home page. */
async function logIn(page: Page, username: string, password: string) {
  const popup = await loginAs(page, username, password);
  // The account's first login (account()) was a moment ago and the site takes one login a
  // second per account and address: asked to wait, a person presses again.
  await expect(async () => {
    const wait = popup.getByTestId('login-error').filter({ hasText: 'Please wait a moment' });
    if (await wait.isVisible()) await popup.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-menu')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe('announcements (issue 16)', () => {
  test('an operator announcement reaches an already open page live, and the notice list too', async ({
    page,
  }) => {
    const { username, password } = await account();
    await logIn(page, username, password);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.locator('dialog[data-modal="announcements"]')).toHaveCount(0);

    // The operator's command exactly as the README gives it.
    const { stdout } = await opsCommand(
      'announce',
      'create',
      '--kind',
      'announcement',
      '--title',
      'EN=Double points this weekend',
      '--title',
      'ES=Puntos dobles este fin de semana',
      '--body',
      'EN=<p>Play any slot on Saturday.</p>',
      '--go-reward',
      '--account',
      username,
    );
    created.push((JSON.parse(stdout) as { id: string }).id);

    const popup = page.locator('dialog[data-modal="announcements"]');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Announcements' })).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Double points this weekend' })).toBeVisible();
    await expect(popup.getByText('Play any slot on Saturday.')).toBeVisible();
    // The Go button leads to the reward centre and closes the popup.
    await popup
      .getByRole('button', { name: 'Go to the reward centre: Double points this weekend' })
      .click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/member\/rewardCenter$/);

    // A notice reaches the marquee of an open home page, and its notice list.
    await page.goto('/');
    await expect(page.getByTestId('notice-marquee')).toBeVisible();
    await announce({
      kind: 'notice',
      title: { EN: 'Cashier upgrade at midnight' },
      content: { EN: '<p>Deposits pause for ten minutes.</p>' },
      accounts: [username],
    });
    const marquee = page.getByTestId('notice-marquee-button');
    await expect(marquee).toContainText('Cashier upgrade at midnight');
    await marquee.click();
    const notices = page.locator('dialog[data-modal="notices"]');
    await expect(notices.getByText('Deposits pause for ten minutes.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notices).toBeHidden();
  });

  test('a public pop-up shows once per session: closed, it stays closed after a reload; a new session shows it again', async ({
    page,
    browser,
  }) => {
    const { username, password } = await account();
    const id = await announce({
      kind: 'popup',
      execution: 'B',
      title: { EN: 'Welcome weekend', ES: 'Fin de semana de bienvenida' },
      content: { EN: '<p>Spin the wheel in the reward centre.</p>' },
      accounts: [username],
    });
    await logIn(page, username, password);
    const popup = page.locator('dialog[data-modal="public-popups"]');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Welcome weekend' })).toBeVisible();
    // Keyboard: focus is inside, Escape closes it, focus returns to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('dialog')?.dataset.modal))
      .toBe('public-popups');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.getByTestId('home-page')).toBeVisible();
    // The announcements have answered (the marquee row is filled) and still no pop-up.
    await expect(page.locator('.notice-marquee-pending')).toHaveCount(0);
    await expect(popup).toHaveCount(0);

    // A new session (another browser context): shown again, and closable by its button.
    const fresh = await freshPage(browser);
    try {
      await logIn(fresh.page, username, password);
      const again = fresh.page.locator('dialog[data-modal="public-popups"]');
      await expect(again.getByRole('heading', { name: 'Welcome weekend' })).toBeVisible();
      await again.getByRole('button', { name: 'Got it' }).click();
      await expect(again).toBeHidden();
    } finally {
      await fresh.context.close();
    }

    // Ended: gone from an open page before it was closed there.
    const other = await freshPage(browser);
    try {
      await logIn(other.page, username, password);
      const open = other.page.locator('dialog[data-modal="public-popups"]');
      await expect(open).toBeVisible();
      await endAnnouncement(id);
      await expect(open).toBeHidden();
    } finally {
      await other.context.close();
    }
  });

  test('a guest sees a public pop-up once per session, by its anonymous key', async ({
    page,
    browser,
  }) => {
    // For everyone: ended in `finally` at once (the specs run one at a time, none beside it).
    const id = await announce({
      kind: 'popup',
      title: { EN: 'Guest news of the day' },
      content: { EN: '<p>Register to claim a welcome bonus.</p>' },
    });
    try {
      await page.goto('/');
      const popup = page.locator('dialog[data-modal="public-popups"]');
      await expect(popup.getByRole('heading', { name: 'Guest news of the day' })).toBeVisible();
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect(popup).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page.locator('.notice-marquee-pending')).toHaveCount(0);
      await expect(popup).toHaveCount(0);
      const fresh = await freshPage(browser);
      try {
        await fresh.page.goto('/');
        // A new context loads everything cold (no cache): the page first, then its pop-up (on
        // a busy machine the page alone once took most of the default wait).
        await expect(fresh.page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 });
        await expect(
          fresh.page
            .locator('dialog[data-modal="public-popups"]')
            .getByText('Guest news of the day'),
        ).toBeVisible();
      } finally {
        await fresh.context.close();
      }
    } finally {
      await endAnnouncement(id);
    }
  });

  test('the after-login popup pages nine at a time with numbered pages', async ({ page }) => {
    const { username, password } = await account();
    for (let n = 1; n <= 11; n += 1) {
      await announce({
        kind: 'announcement',
        title: { EN: `Announcement number ${n}` },
        content: { EN: `<p>Body ${n}</p>` },
        accounts: [username],
      });
    }
    await logIn(page, username, password);
    const popup = page.locator('dialog[data-modal="announcements"]');
    await expect(popup).toBeVisible();
    const items = popup.getByTestId('announcement-item');
    await expect(items).toHaveCount(9);
    await expect(items.first()).toContainText('Announcement number 1');
    const pager = popup.getByRole('navigation', { name: 'Announcement pages' });
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Announcement number 10');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    // Focus returns to the page, not lost on the removed dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'))
      .not.toBe('DIALOG');

    // Seen in this session: a reload does not bring it back.
    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.locator('.notice-marquee-pending')).toHaveCount(0);
    await expect(popup).toHaveCount(0);
  });

  test('a page opened with a stored session asks for the announcements once, as the member, and shows the after-login popup', async ({
    browser,
  }) => {
    const fresh = await newAccount();
    // The account's first login: its token is the stored session of the page opened below.
    const token = await loginToken(server, fresh.username, fresh.password);
    await announce({
      kind: 'announcement',
      title: { EN: 'Stored session greeting' },
      content: { EN: '<p>Seen at once</p>' },
      accounts: [fresh.username],
    });
    const { context, page } = await freshPage(browser);
    await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('MCSFE_getListAnnouncements')) asked.push(request.url());
    });
    await page.goto('/member');
    const popup = page.locator('dialog[data-modal="announcements"]');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('announcement-item')).toContainText('Stored session greeting');
    // Asked as the member from the start (beside the member's info), never first as a guest.
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('execution')).toBe('A,B');
    await context.close();
  });

  test('on a phone the popup is a full-height sheet, usable, without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { username, password } = await account();
    for (let n = 1; n <= 10; n += 1) {
      await announce({
        kind: 'announcement',
        title: { EN: `Phone announcement ${n} with a rather long title that must wrap` },
        content: {
          EN: `<p>A long body without spaces: ${'x'.repeat(80)} and an image <img src="/banners/welcome.svg" alt="" width="900"></p>`,
        },
        goReward: n === 1,
        accounts: [username],
      });
    }
    await logIn(page, username, password);

    const popup = page.locator('dialog[data-modal="announcements"]');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('announcement-item')).toHaveCount(9);
    // The full-height sheet of a phone.
    const box = await popup.boundingBox();
    if (!box) throw new Error('the popup is not laid out');
    expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, 360, 740]);
    const overflow = await page.evaluate(() => {
      const dialog = document.querySelector('dialog[data-modal="announcements"]')!;
      const body = dialog.querySelector('.modal-body')!;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        sheet: body.scrollWidth - body.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, sheet: 0 });
    // The page numbers and the button below the list are reachable by scrolling the sheet.
    const next = popup.getByRole('navigation', { name: 'Announcement pages' });
    await next.getByRole('button', { name: 'Page 2' }).click();
    await expect(popup.getByTestId('announcement-item')).toHaveCount(1);
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(popup).toBeHidden();
  });
});
