import { z } from 'zod';
import type { EconomySettingsView, SettingsVerdict } from '../../../src/shared/backOfficeSettings';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { missionsConfigSchema } from '../../config/missions';
import type { PlatformConfig } from '../../config/schema';
import { vipConfigSchema } from '../../config/vip';
import { ChainLock } from '../../db/locks';
import type { Database, Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { budgetLineView, describeLine } from '../economics/returnsBudgetReport';
import { storedReturnsBudget } from '../economics/storedBudget';

/**
 * The VIP levels and missions as the operator changes them in the back office (issue 30). Each
 * section is saved whole, checked by the configuration file's own schema, against the returns
 * budget (nothing is saved that lets a bet return more than the edge less the margin), with the
 * same levels and missions as before (adding or removing one is a file change and a restart:
 * members' stored levels and progress refer to them), and on the version it was read at. The
 * saved sections replace the file's in the running configuration of every process (at once in
 * the one that saved; the others re-read within their shared-state interval).
 */

export const settingsDraftSchema = z
  .object({
    vip: vipConfigSchema,
    missions: missionsConfigSchema,
    /** The version the editor read (GET): a save on an older one is refused. */
    version: z.number().int().min(0),
  })
  .strict();

export type SettingsDraft = z.infer<typeof settingsDraftSchema>;
type Sections = Pick<PlatformConfig, 'vip' | 'missions'>;

/** The version of what is stored: the larger of the two sections' (0: the file's). */
async function storedVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string | null }>(
    'select max(version)::text as version from economy_settings',
  );
  return Number(row?.version ?? 0);
}

export async function settingsView(db: Queryable, config: Sections): Promise<EconomySettingsView> {
  const [last] = await db.query<{ updated_by: string; updated_at: Date }>(
    'select updated_by, updated_at from economy_settings order by version desc limit 1',
  );
  return {
    vip: config.vip,
    missions: config.missions,
    version: await storedVersion(db),
    savedBy: last?.updated_by ?? null,
    savedAt: last ? new Date(last.updated_at).toISOString() : null,
  };
}

/** The draft keeps every level and every mission (by code), in the same order. */
function refuseShapeChange(current: Sections, draft: Sections): void {
  const levels = (vip: Sections['vip']) => vip.levels.map((one) => one.level).join(',');
  const codes = (missions: Sections['missions']) => missions.map((one) => one.code).join(',');
  if (
    levels(current.vip) !== levels(draft.vip) ||
    codes(current.missions) !== codes(draft.missions)
  )
    throw new ApiError(
      400,
      'settings_shape_changed',
      'Levels and missions are changed here, not added or removed (that is a configuration file change).',
    );
}

/** The returns budget with the draft in place of the running sections. */
export async function settingsVerdict(
  db: Queryable,
  config: PlatformConfig,
  draft: Sections,
  now: Date,
): Promise<SettingsVerdict> {
  refuseShapeChange(config, draft);
  const budget = await storedReturnsBudget(
    db,
    { ...config, vip: draft.vip, missions: draft.missions },
    now,
  );
  const broken = budget.lines
    .filter((line) => !line.ok)
    .sort((a, b) => a.headroomPpm - b.headroomPpm);
  return {
    ok: broken.length === 0,
    message:
      broken.length === 0
        ? null
        : `These settings would take ${broken.length} line(s) of the returns budget over it; the ` +
          `worst: ${describeLine(broken[0]!, budget.marginPpm)}.`,
    lines: broken.map(budgetLineView),
  };
}

/**
 * Saves the draft when its version is the stored one and the budget holds; the running
 * configuration takes it at once. Answers the view after the save.
 */
export async function saveSettings(
  deps: { db: Database; config: PlatformConfig; clock: { now(): Date } },
  draft: SettingsDraft,
  by: string,
): Promise<EconomySettingsView> {
  const verdict = await settingsVerdict(deps.db, deps.config, draft, deps.clock.now());
  if (!verdict.ok) {
    throw new ApiError(409, 'returns_budget_exceeded', verdict.message ?? 'Over the budget.', {
      lines: verdict.lines,
    });
  }
  await deps.db.transaction(async (tx) => {
    // One save at a time: the lock is taken before the version is read.
    await tx.query('select pg_advisory_xact_lock($1)', [ChainLock.economySettings]);
    const version = await storedVersion(tx);
    if (version !== draft.version) {
      throw new ApiError(
        409,
        'settings_changed',
        'Someone saved these settings meanwhile: read them again, then change them.',
        { version },
      );
    }
    for (const [key, value] of [
      ['vip', draft.vip],
      ['missions', draft.missions],
    ] as const) {
      await tx.query(
        `insert into economy_settings (key, value, version, updated_by) values ($1, $2::jsonb, $3, $4)
         on conflict (key) do update set value = excluded.value, version = excluded.version,
           updated_by = excluded.updated_by, updated_at = now()`,
        [key, JSON.stringify(value), version + 1, by],
      );
    }
  });
  deps.config.vip = draft.vip;
  deps.config.missions = draft.missions;
  return settingsView(deps.db, deps.config);
}

/**
 * The stored sections into the running configuration (at start, and on each shared-state
 * refresh): a stored section the current schema refuses is left out, with a message, rather
 * than stopping the server.
 */
export async function loadSettings(db: Queryable, config: PlatformConfig): Promise<string | null> {
  const rows = await db.query<{ key: 'vip' | 'missions'; value: unknown }>(
    'select key, value from economy_settings',
  );
  const problems: string[] = [];
  for (const row of rows) {
    const parsed =
      row.key === 'vip'
        ? vipConfigSchema.safeParse(row.value)
        : missionsConfigSchema.safeParse(row.value);
    if (!parsed.success) {
      problems.push(`${row.key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      continue;
    }
    if (row.key === 'vip') config.vip = parsed.data as PlatformConfig['vip'];
    else config.missions = parsed.data as PlatformConfig['missions'];
  }
  return problems.length === 0
    ? null
    : `The saved VIP or mission settings are not valid any more and the file's are used: ${problems.join('; ')}.`;
}

/**
 * What in the draft is more generous than what runs (four-eyes: such a save waits for a second
 * person): a higher rebate, upgrade bonus, daily withdrawal limit or mission reward; a lower
 * level threshold, mission goal or wagering multiple. Each as "where: before → after".
 */
export function moreGenerous(current: Sections, draft: Sections): string[] {
  const out: string[] = [];
  const money = (value: string | null) => (value === null ? null : parseMoney(value));
  const up = (where: string, before: string | null, after: string | null) => {
    const a = money(before);
    const b = money(after);
    // A limit removed (null) is the most generous of all.
    if ((a !== null && b === null) || (a !== null && b !== null && b > a))
      out.push(`${where}: ${before} → ${after ?? 'none'}`);
  };
  const down = (where: string, before: bigint, after: bigint, show = toMoneyString) => {
    if (after < before) out.push(`${where}: ${show(before)} → ${show(after)}`);
  };
  draft.vip.levels.forEach((level, index) => {
    const was = current.vip.levels[index];
    if (!was) return;
    const at = `VIP ${level.level}`;
    for (const [type, percent] of Object.entries(level.rebatePercent)) {
      const before = was.rebatePercent[type] ?? was.rebatePercent.default ?? '0';
      up(`${at} rebate ${type} %`, before, percent);
    }
    up(`${at} upgrade bonus`, was.upgradeBonus, level.upgradeBonus);
    up(`${at} daily withdrawal`, was.withdrawalDailyMax, level.withdrawalDailyMax);
    down(`${at} valid bet`, parseMoney(was.validBet), parseMoney(level.validBet));
    down(`${at} deposit`, parseMoney(was.deposit), parseMoney(level.deposit));
  });
  if (draft.vip.upgradeBonusWagering < current.vip.upgradeBonusWagering)
    out.push(
      `VIP upgrade bonus wagering: ${current.vip.upgradeBonusWagering} → ${draft.vip.upgradeBonusWagering}`,
    );
  draft.missions.forEach((mission, index) => {
    const was = current.missions[index];
    if (!was) return;
    up(`${mission.code} reward`, was.reward.amount, mission.reward.amount);
    down(
      `${mission.code} wagering`,
      BigInt(was.reward.wageringMultiplier),
      BigInt(mission.reward.wageringMultiplier),
      String,
    );
    const goal = (one: typeof mission) =>
      one.goal.kind === 'validBet' ? parseMoney(one.goal.amount) : BigInt(one.goal.count);
    if (was.goal.kind === mission.goal.kind)
      down(
        `${mission.code} goal`,
        goal(was),
        goal(mission),
        mission.goal.kind === 'validBet' ? toMoneyString : String,
      );
    else out.push(`${mission.code} goal: ${was.goal.kind} → ${mission.goal.kind}`);
  });
  return out;
}
