import { expect, type Page } from '@playwright/test';
import type { SystemStatusResponse } from '../../src/shared/system';
import { bearer, loginReply } from '../support/identityClient';
import './accounts';
import { appCode, noSideways, signedInAs } from './backOfficeFlows';
import { opsCommand } from './ops';
import { uniqueName } from './support';

/**
 * The back office's staff, system and agents pages (issue 30) in the real browser, the flows
 * backOfficeAdmin.spec.ts (desktop) and backOfficeAdmin.phone.spec.ts (phone) run: an admin
 * adds a staff member with roles (the password shown once), changes their roles and resets
 * their two-factor sign-in; an admin switches maintenance on and off; a risk officer opens an
 * agent in the tree, sets a rate and reads its contracts; a support-only member of staff has
 * none of these tabs and the server refuses them.
 */

const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

export async function staffFlow(page: Page) {
  const admin = await signedInAs(page, ['admin'], 'staff');
  const panel = page.getByTestId('staff-panel');
  const name = uniqueName('e2e').toLowerCase();

  // A new staff member with the finance role (support, the default, unticked).
  const add = panel.getByTestId('staff-add');
  await add.getByLabel('Staff name').fill(name);
  await add.getByLabel('Display name').fill('Erin Example');
  await add.getByRole('checkbox', { name: 'Support' }).uncheck();
  await add.getByRole('checkbox', { name: 'Finance' }).check();
  await add.getByRole('button', { name: 'Add' }).click();
  const shown = panel.getByTestId('staff-password');
  await expect(shown).toContainText(`Password of ${name}`);
  await expect(shown).toContainText('Shown only now');
  const password = (await shown.getByTestId('staff-password-value').textContent()) ?? '';
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await noSideways(page);
  await shown.getByRole('button', { name: 'I have handed it over' }).click();
  await expect(shown).toHaveCount(0);

  // The password works: the new member signs in and sets up the app (as at a first sign-in).
  const login = await page.request.post('/wps/support/session', { data: { name, password } });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as { value: { token: string } }).value;
  const setup = await page.request.post('/wps/support/two-factor/setup', {
    headers: bearer(token),
  });
  const { secret } = ((await setup.json()) as { value: { secret: string } }).value;
  const confirmed = await page.request.post('/wps/support/two-factor/confirm', {
    headers: bearer(token),
    data: { code: await appCode(secret) },
  });
  expect(confirmed.status()).toBe(200);

  // The list shows them; their roles change (with a reason).
  const list = panel.getByTestId('staff-list');
  await list.getByLabel('Filter').fill(name);
  const row = list.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('Finance');
  await page.reload();
  await list.getByLabel('Filter').fill(name);
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: `Manage ${name}` }).click();
  const detail = panel.getByTestId('staff-detail');
  await detail.getByRole('checkbox', { name: 'Risk' }).check();
  await detail.getByLabel('Reason').fill('Covers risk on weekends');
  await detail.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`The roles of ${name} are saved.`);
  await expect(row).toContainText('Risk');
  await expect(row).toContainText('Finance');

  // Their two-factor sign-in is reset after a confirmation: every session of theirs ends.
  await detail.getByLabel('Reason').fill('Lost phone');
  await detail.getByRole('button', { name: 'Reset two-factor' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Reset the two-factor sign-in of ${name}?`);
  await expect(dialog).toContainText(`every session of ${name} ends`);
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    `Two-factor sign-in of ${name} is reset`,
  );
  await expect(row).toContainText('Off');
  const me = await page.request.get('/wps/support/me', { headers: bearer(token) });
  expect(me.status()).not.toBe(200);
  await noSideways(page);

  // One's own admin role cannot be unticked (the server refuses it too).
  await list.getByLabel('Filter').fill(admin.name);
  await panel
    .getByTestId('staff-list')
    .locator('tbody tr', { hasText: admin.name })
    .getByRole('button', { name: `Manage ${admin.name}` })
    .click();
  await expect(detail.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
  await expect(detail).toContainText('You cannot remove your own admin role');
  await expect(detail.getByRole('button', { name: 'Disable' })).toHaveCount(0);
}

const systemStatus = async (page: Page) =>
  ((await (await page.request.get('/wps/system/status')).json()) as { value: SystemStatusResponse })
    .value;

/**
 * Maintenance closes the whole (shared) e2e site: kept short, and switched off in `finally`
 * whatever happens, so no other spec ever meets it.
 */
export async function maintenanceFlow(page: Page) {
  await signedInAs(page, ['admin'], 'system');
  const panel = page.getByTestId('system-panel');
  const state = panel.getByTestId('maintenance-state');
  await expect(state).toHaveText('The site is open to players.');
  const player = await page.context().newPage();
  try {
    // A confirmation first: cancelled, nothing changes.
    await panel.getByRole('button', { name: 'Switch maintenance on' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Close the site to players?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(state).toHaveAttribute('data-enabled', 'false');

    await panel.getByRole('button', { name: 'Switch maintenance on' }).click();
    await dialog.getByRole('button', { name: 'Switch maintenance on' }).click();
    await expect(state).toHaveAttribute('data-enabled', 'true');
    await expect(state).toContainText('The site is in maintenance');
    expect((await systemStatus(page)).maintenance).toBe(true);
    await player.goto('/');
    await expect(player.getByTestId('maintenance-screen')).toBeVisible();

    // The back office itself stays open (a reload too): the admin switches it off there.
    await page.reload();
    await expect(state).toHaveAttribute('data-enabled', 'true');
    await noSideways(page);
    await panel.getByRole('button', { name: 'Switch maintenance off' }).click();
    await expect(state).toHaveText('The site is open to players.');
    expect((await systemStatus(page)).maintenance).toBe(false);
    await expect(player.getByTestId('home-page')).toBeVisible();
  } finally {
    await opsCommand('maintenance', 'off');
    await player.close();
  }
}

/**
 * An offer from agent3 to its player6 (through the agents' own API), so agent3 has a contract
 * to show; a second run finds one in process already, which is as good.
 */
async function agent3Offers() {
  const login = await loginReply(server, {
    username: 'agent3',
    password: 'Passw0rd!',
    portal: 'agent',
  });
  const { token } = login.body.value as { token: string };
  const offered = await fetch(`${server.url}/wps/agent/contracts`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'offer',
      downline: 'player6',
      contractType: 'dailySalary',
      terms: { rate: '0.5', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' },
    }),
  });
  if (!offered.ok && offered.status !== 409) {
    throw new Error(`agent3's offer: ${offered.status} ${await offered.text()}`);
  }
}

export async function agentsFlow(page: Page) {
  await agent3Offers();
  await signedInAs(page, ['risk'], 'agents');
  const panel = page.getByTestId('agents-panel');
  const top = panel.getByTestId('agents-top');
  const agent1 = top.locator('[data-testid="agent-node"][data-account="agent1"]');
  await expect(agent1).toContainText('Level 1');

  // Open the tree down to agent3 (buttons with aria-expanded).
  const open1 = agent1.getByRole('button', { name: 'Show the sub-agents of agent1' });
  await expect(open1).toHaveAttribute('aria-expanded', 'false');
  await open1.click();
  await expect(open1).toHaveAttribute('aria-expanded', 'true');
  const agent2 = agent1.locator('[data-testid="agent-node"][data-account="agent2"]');
  await expect(agent2).toContainText('Level 2');
  await agent2.getByRole('button', { name: 'Show the sub-agents of agent2' }).click();
  const agent3 = agent2.locator('[data-testid="agent-node"][data-account="agent3"]');
  await expect(agent3).toContainText('Level 3');
  await agent3.getByRole('button', { name: /^agent3/ }).click();

  const detail = panel.getByTestId('agent-detail');
  await expect(detail).toHaveAttribute('data-account', 'agent3');
  const rates = detail.getByTestId('agent-rates');
  await expect(rates.locator('tbody tr', { hasText: 'Real-time salary' })).toContainText('1.00%');
  await noSideways(page);

  // Above the approval percentage the rate waits for a second person.
  const form = detail.getByTestId('agent-rate-form');
  await form.getByLabel('Contract type').selectOption({ label: 'Real-time salary' });
  await form.getByLabel('New rate (%)').fill('1.5');
  await form.getByRole('button', { name: 'Set rate' }).click();
  await expect(form.getByTestId('agent-rate-pending')).toContainText(
    "Waiting for a second person's approval",
  );
  await expect(rates.locator('tbody tr', { hasText: 'Real-time salary' })).toContainText('1.00%');
  // At or under it, it is set at once (the same rate here: other specs rely on agent3's).
  await form.getByLabel('New rate (%)').fill('1.00');
  await form.getByRole('button', { name: 'Set rate' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(
    'The Real-time salary rate of agent3 is now 1.00%.',
  );

  // Its contracts, both ways.
  const contracts = detail.getByTestId('agent-contracts');
  await expect(contracts.locator('tbody tr', { hasText: 'player6' }).first()).toContainText(
    'Offered to',
  );
  await noSideways(page);
}

/** A support-only member of staff: no staff, system or agents tab, and the server refuses. */
export async function supportHasNoAdminTabs(page: Page) {
  // Support's own pages (feedback, members) are still to come: with marketing it has tabs.
  const staff = await signedInAs(page, ['support', 'marketing']);
  const tabs = page.getByTestId('back-office').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const name of ['Staff', 'System', 'Agents']) {
    await expect(page.getByRole('tab', { name, exact: true })).toHaveCount(0);
  }
  const refused = await page.request.post('/ops/maintenance', {
    headers: bearer(staff.token),
    data: { enabled: true, end: null },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden_role');
  for (const path of ['/ops/staff', '/ops/agents']) {
    const read = await page.request.get(path, { headers: bearer(staff.token) });
    expect(((await read.json()) as { code: string }).code).toBe('forbidden_role');
  }
  expect((await systemStatus(page)).maintenance).toBe(false);
}
