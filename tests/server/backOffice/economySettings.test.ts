import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../src/shared/backOffice';
import type { EconomySettingsView, SettingsVerdict } from '../../../src/shared/backOfficeSettings';
import { loadSettings } from '../../../server/domain/backOffice/economySettings';
import { loadPlatformConfig } from '../../../server/config/load';
import { parseCommand } from '../../../server/ops/commands/args';
import { promotionCommands } from '../../../server/ops/commands/promotions';
import type { AuditEntry } from '../../../src/shared/staffRoles';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { asStaff, newStaff, type TestStaff } from './staffClient';

/**
 * The back office's VIP levels and missions (issue 30): read with a version; a draft's returns
 * budget verdict; a save that pays less runs at once and the running configuration takes it; a
 * save that pays more waits for a second person; a save over the budget, on an older version or
 * adding a level is refused; another process (a fresh configuration) loads what was saved.
 */
describe.each(engines)('VIP and mission settings on %s', (engine) => {
  let server: TestServer;
  let marketing: TestStaff;
  let marketingB: TestStaff;
  let finance: TestStaff;
  beforeAll(async () => {
    server = await startTestServer(engine);
    [marketing, marketingB, finance] = await Promise.all([
      newStaff(server, 'mkt.set', ['marketing']),
      newStaff(server, 'mkt.set2', ['marketing']),
      newStaff(server, 'fin.set', ['finance']),
    ]);
  });
  afterAll(() => server.close());

  const as = (staff: TestStaff, path: string, json?: unknown) => asStaff(server, staff, path, json);
  const read = async () =>
    (await as(finance, '/ops/settings/economy')).body.value as EconomySettingsView;
  const draftOf = (view: EconomySettingsView) => ({
    vip: structuredClone(view.vip),
    missions: structuredClone(view.missions),
    version: view.version,
  });

  it('saves a change that pays less at once, on its version, into the running configuration', async () => {
    const view = await read();
    expect(view.version).toBe(0);
    const draft = draftOf(view);
    const mission = draft.missions[0]!;
    const lower = (Number(mission.reward.amount) / 2).toFixed(2);
    mission.reward.amount = lower;
    const verdict = (await as(marketing, '/ops/settings/economy/check', draft)).body
      .value as SettingsVerdict;
    expect(verdict).toMatchObject({ ok: true, lines: [] });

    const saved = await as(marketing, '/ops/settings/economy', draft);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ version: 1, savedBy: 'staff:mkt.set' });
    expect(server.deps.config.missions[0]!.reward.amount).toBe(lower);
    // The trail keeps the sections as they were before the save, beside the saved ones.
    const trail = await call(server, '/ops/audit?action=settings.save', {
      headers: bearer(server.opsToken),
    });
    const [row] = (trail.body.value as { entries: AuditEntry[] }).entries;
    expect(
      (row?.outcome.before as { missions: { reward: { amount: string } }[] }).missions[0]!.reward
        .amount,
    ).toBe(view.missions[0]!.reward.amount);

    // The same draft again names version 0: someone saved since.
    const stale = await as(marketing, '/ops/settings/economy', draft);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('settings_changed');

    // Another process (a configuration from the file) takes the saved sections.
    const fresh = await loadPlatformConfig('config/platform.json');
    expect(fresh.missions[0]!.reward.amount).not.toBe(lower);
    expect(await loadSettings(server.deps.db, fresh)).toBeNull();
    expect(fresh.missions[0]!.reward.amount).toBe(lower);
  });

  it('holds a more generous change for a second person, and refuses one over the budget', async () => {
    const draft = draftOf(await read());
    const top = draft.vip.levels.at(-1)!;
    top.rebatePercent.default = '2.00';
    const verdict = (await as(marketing, '/ops/settings/economy/check', draft)).body
      .value as SettingsVerdict;
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.length).toBeGreaterThan(0);
    expect(verdict.message).toContain('returns budget');

    const asked = await as(marketing, '/ops/settings/economy', draft);
    expect(asked.status).toBe(202);
    const pending = (asked.body.value as { pending: ApprovalView }).pending;
    expect(pending.amount).toContain(`VIP ${top.level} rebate default %`);
    // The second person approves; the save itself refuses it (over the budget): nothing changed.
    const decided = await as(marketingB, `/ops/approvals/${pending.id}/approve`, {});
    expect((decided.body.value as ApprovalView).status).toBe('failed');
    expect(server.deps.config.vip.levels.at(-1)!.rebatePercent.default).not.toBe('2.00');
  });

  it('reads the same settings on the command line, as the back office does', async () => {
    process.env.OPS_URL = server.url;
    process.env.OPS_TOKEN = server.opsToken;
    const shown = JSON.parse(
      (await promotionCommands(parseCommand(['settings', 'show']))) as string,
    ) as { version: number; missions: { reward: { amount: string } }[] };
    const view = await read();
    expect(shown.version).toBe(view.version);
    expect(shown.missions[0]!.reward.amount).toBe(view.missions[0]!.reward.amount);
  });

  it('refuses adding a level, and a role that may not write', async () => {
    const draft = draftOf(await read());
    draft.vip.levels.push({ ...draft.vip.levels.at(-1)!, level: draft.vip.levels.length });
    const added = await as(marketing, '/ops/settings/economy/check', draft);
    expect(added.body.code).toBe('settings_shape_changed');
    expect((await as(finance, '/ops/settings/economy', draftOf(await read()))).body.code).toBe(
      'forbidden_role',
    );
  });
});
