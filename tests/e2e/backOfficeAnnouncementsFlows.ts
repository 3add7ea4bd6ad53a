import { expect, type Page } from '@playwright/test';
import { bearer, loginToken } from '../support/identityClient';
import { newAccount } from './accounts';
import { noSideways, signedInAs } from './backOfficeFlows';
import { createAnnouncement, endAnnouncement } from './ops';
import { loginAs, uniqueName } from './support';

/**
 * The back office's announcements (issue 30) in the real browser, run by the desktop and phone
 * specs: marketing drafts a public pop-up, is told under the field that English is required,
 * writes it in English and Spanish, previews it as a Spanish player and as a Korean one (who
 * gets the English text), creates it, and ends it; the member it is for gets it in each
 * language, and sees it on the site. Support reads the list without New or End, and its
 * create call is refused. Every announcement here is for a fresh account only (`accounts`), so
 * no other spec on the shared server sees one, and each is ended in the end all the same.
 */

const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

/** The member's pop-ups (execution B) in `language`, as the site asks for them. */
async function memberPopups(page: Page, token: string, language: string) {
  const reply = await page.request.get('/wps/relay/MCSFE_getListAnnouncements', {
    headers: bearer(token),
    params: { types: 'PU', platform: 'W', execution: 'B', language },
  });
  expect(reply.ok()).toBe(true);
  const body = (await reply.json()) as { value: { popup: { id: string; title: string }[] } };
  return body.value.popup;
}

const staffToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('supportToken'));

export async function announcementFlow(page: Page, options: { memberPage?: boolean } = {}) {
  // The member's first login is behind it (its greeting would open beside the pop-up).
  const member = await newAccount();
  const token = await loginToken(server, member.username, member.password);
  const english = uniqueName('Weekend spins ');
  const spanish = `Giros del fin de semana ${english.slice(-6)}`;

  await signedInAs(page, ['marketing'], 'announcements');
  const panel = page.getByTestId('announcements-panel');
  await panel.getByRole('button', { name: 'New announcement' }).click();
  const editor = page.getByTestId('announcement-editor');
  await editor.getByLabel('Kind').selectOption('popup');
  await editor.getByLabel('When it shows').selectOption('B');
  await editor.getByLabel('Only these accounts').fill(member.username);
  await editor.getByLabel('A Go button to the reward centre').check();

  // Spanish first: the server wants English (every other language falls back to it).
  await editor.getByRole('tab', { name: 'Español' }).click();
  await editor.getByLabel('Title (Español)').fill(spanish);
  await editor.getByLabel('Content (Español)').fill('<p>Gira la rueda el sábado.</p>');
  const preview = editor.getByTestId('announcement-preview');
  await expect(preview).toHaveAttribute('data-language', 'ES');
  await expect(preview.getByRole('heading', { name: spanish })).toBeVisible();
  await expect(preview).toContainText('Gira la rueda el sábado.');
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor.getByTestId('announcement-problem')).toContainText('needs an EN text');
  await expect(editor.getByLabel('Title (Español)')).toHaveAttribute('aria-invalid', 'true');
  await noSideways(page);

  await editor.getByRole('tab', { name: 'English' }).click();
  await editor.getByLabel('Title (English)').fill(english);
  await editor.getByLabel('Content (English)').fill('<p>Spin the wheel on Saturday.</p>');
  await expect(preview.getByRole('heading', { name: english })).toBeVisible();
  await expect(preview).toContainText('Spin the wheel on Saturday.');
  await expect(preview).toContainText('Go');

  // As a Spanish player sees it, the site's own words in Spanish too.
  await editor.getByRole('tab', { name: 'Español' }).click();
  await expect(preview.getByRole('heading', { name: spanish })).toBeVisible();
  await expect(preview).toContainText('Gira la rueda el sábado.');
  await expect(preview).not.toContainText('Spin the wheel');
  await expect(preview.getByTestId('announcement-preview-fallback')).toHaveCount(0);
  // A Korean player has no text of its own: the English one, as the site gives it.
  await editor.getByRole('tab', { name: '한국어' }).click();
  await expect(preview.getByRole('heading', { name: english })).toBeVisible();
  await expect(preview.getByTestId('announcement-preview-fallback')).toContainText(
    'Some texts are not written in 한국어',
  );
  await noSideways(page);

  await editor.getByRole('button', { name: 'Create' }).click();
  const toast = page.getByTestId('toast').last();
  await expect(toast).toContainText(/op-\d+ is created\./);
  const id = /op-\d+/.exec((await toast.textContent()) ?? '')![0];
  try {
    const list = page.getByTestId('announcement-list');
    await list.getByLabel('Filter').fill(english);
    const row = list.locator('tbody tr', { hasText: english });
    await expect(row).toContainText('Pop-up');
    await expect(row).toContainText('Public');
    await expect(row).toContainText('Showing');
    await expect(row).toContainText(member.username);
    await noSideways(page);

    // The member gets it, in its language, the English text where there is none.
    await expect
      .poll(async () => (await memberPopups(page, token, 'ES')).find((p) => p.id === id)?.title)
      .toBe(spanish);
    expect((await memberPopups(page, token, 'KO')).find((p) => p.id === id)?.title).toBe(english);

    if (options.memberPage) {
      const context = await page.context().browser()!.newContext();
      try {
        const site = await context.newPage();
        const login = await loginAs(site, member.username, member.password);
        // The first login a moment ago: asked to wait, a person presses again.
        await expect(async () => {
          const wait = login.getByTestId('login-error').filter({ hasText: 'Please wait a moment' });
          if (await wait.isVisible()) await login.getByTestId('login-submit').click();
          await expect(site.getByTestId('account-menu')).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        const popup = site.locator('dialog[data-modal="public-popups"]');
        await expect(popup.getByRole('heading', { name: english })).toBeVisible();
        await expect(popup).toContainText('Spin the wheel on Saturday.');
      } finally {
        await context.close();
      }
    }

    // Ended: off the list of what shows, in it with "show ended".
    await row.getByRole('button', { name: `End ${english}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End' }).click();
    await expect(page.getByTestId('toast').last()).toContainText(`“${english}” has ended.`);
    await expect(row).toHaveCount(0);
    await page.getByLabel('Show ended ones').check();
    await list.getByLabel('Filter').fill(english);
    await expect(row).toContainText('Ended');
    await expect(row.getByRole('button', { name: `End ${english}` })).toHaveCount(0);
    await expect
      .poll(async () => (await memberPopups(page, token, 'EN')).some((p) => p.id === id))
      .toBe(false);
    await noSideways(page);
  } finally {
    await endAnnouncement(id);
  }
}

export async function announcementRolesFlow(page: Page) {
  const member = await newAccount();
  const title = uniqueName('Support can read ');
  const id = await createAnnouncement({
    kind: 'notice',
    title: { EN: title, VI: 'Bảo trì lúc nửa đêm' },
    content: { EN: '<p>Deposits pause for ten minutes.</p>' },
    accounts: [member.username],
  });
  try {
    await signedInAs(page, ['support'], 'announcements');
    const panel = page.getByTestId('announcements-panel');
    const list = panel.getByTestId('announcement-list');
    await list.getByLabel('Filter').fill(title);
    const row = list.locator('tbody tr', { hasText: title });
    await expect(row).toContainText('Notice');
    await expect(row).toContainText('Showing');
    await expect(panel.getByRole('button', { name: 'New announcement' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `End ${title}` })).toHaveCount(0);
    await noSideways(page);

    // Support may look at it as players see it, language by language.
    await row.getByRole('button', { name: `Preview ${title}` }).click();
    const viewer = page.getByTestId('announcement-viewer');
    await expect(viewer.getByRole('heading', { name: title }).first()).toBeVisible();
    await viewer.getByRole('tab', { name: /Tiếng Việt/ }).click();
    await expect(viewer.getByTestId('announcement-preview')).toContainText('Bảo trì lúc nửa đêm');
    await expect(viewer).toContainText('Deposits pause for ten minutes.');
    await noSideways(page);

    const refused = await page.request.post('/ops/announcements', {
      headers: { authorization: `Bearer ${await staffToken(page)}` },
      data: { kind: 'notice', title: { EN: 'No' }, content: { EN: 'No' } },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('forbidden_role');
    const notEnded = await page.request.post(`/ops/announcements/${id}/end`, {
      headers: { authorization: `Bearer ${await staffToken(page)}` },
      data: {},
    });
    expect(notEnded.status()).toBe(403);
  } finally {
    await endAnnouncement(id);
  }
}
