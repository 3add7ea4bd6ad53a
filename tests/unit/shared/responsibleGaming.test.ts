import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  computePeriodStart,
  exclusionEnd,
  isExclusionDuration,
  isExtension,
  leftOf,
  limitAt,
  limitRefusal,
  nextRealityCheck,
  periodEnd,
  periodStart,
  planLimitChange,
  refusalMessage,
  refusalOf,
  sittingAtLogin,
  tightens,
} from '../../../src/shared/responsibleGaming';

const at = (iso: string) => new Date(iso);

describe('responsible gaming rules (issue 17)', () => {
  it('applies a first or lower limit at once, a raise or a removal after the delay', () => {
    const now = at('2026-05-10T12:00:00Z');
    expect(planLimitChange(null, 10_000n, now, 24)).toEqual({ apply: 'now' });
    expect(planLimitChange(10_000n, 5_000n, now, 24)).toEqual({ apply: 'now' });
    expect(planLimitChange(10_000n, 10_000n, now, 24)).toEqual({ apply: 'now' });
    expect(planLimitChange(10_000n, 50_000n, now, 24)).toEqual({
      apply: 'later',
      at: at('2026-05-11T12:00:00Z'),
    });
    expect(planLimitChange(10_000n, null, now, 72)).toEqual({
      apply: 'later',
      at: at('2026-05-13T12:00:00Z'),
    });
    expect(planLimitChange(null, null, now, 24)).toEqual({ apply: 'now' });
  });

  it('never loosens at once: whatever applies now is no looser than what was in force', () => {
    const limit = fc.option(fc.bigInt({ min: 0n, max: 10n ** 12n }), { nil: null });
    fc.assert(
      fc.property(limit, limit, (current, requested) => {
        const plan = planLimitChange(current, requested, new Date(0), 24);
        if (plan.apply === 'now') {
          // "No limit" is the loosest; a set limit at most the current one.
          expect(
            requested === current ||
              (requested !== null && (current === null || requested <= current)),
          ).toBe(true);
        } else expect(tightens(current, requested)).toBe(false);
      }),
    );
  });

  it('folds a pending change in once its time has come', () => {
    const stored = { value: 100n, pendingValue: 500n, pendingAt: at('2026-05-11T12:00:00Z') };
    expect(limitAt(stored, at('2026-05-11T11:59:59Z'))).toEqual({
      value: 100n,
      pending: { value: 500n, at: at('2026-05-11T12:00:00Z') },
    });
    expect(limitAt(stored, at('2026-05-11T12:00:00Z'))).toEqual({ value: 500n, pending: null });
    expect(limitAt({ ...stored, pendingValue: null }, at('2026-06-01T00:00:00Z'))).toEqual({
      value: null,
      pending: null,
    });
  });

  it('names the limit that leaves least, with the remaining amount', () => {
    const uses = [
      { kind: 'deposit' as const, period: 'week' as const, limit: 50_000n, used: 45_000n },
      { kind: 'deposit' as const, period: 'day' as const, limit: 10_000n, used: 8_000n },
    ];
    expect(limitRefusal(uses, 2_000n)).toBeNull();
    const refused = limitRefusal(uses, 3_000n)!;
    expect(refused.period).toBe('day');
    expect(refusalMessage(refusalOf(refused))).toBe(
      'Your daily deposit limit of 100.00 leaves 20.00 today.',
    );
    // A net win leaves the whole loss limit.
    const loss = { kind: 'loss' as const, period: 'month' as const, limit: 1_000n, used: -5_000n };
    expect(leftOf(loss)).toBe(1_000n);
    expect(limitRefusal([loss], 1_000n)).toBeNull();
    expect(refusalMessage(refusalOf({ ...loss, used: 1_500n }))).toBe(
      'Your monthly loss limit of 10.00 leaves 0.00 this month.',
    );
  });

  it('counts days, weeks (from Monday) and months in the player’s zone', () => {
    const now = at('2026-03-04T20:30:00Z'); // Wednesday; 03:30 on Thursday in Ho Chi Minh City
    expect(periodStart('day', now, 'UTC')).toEqual(at('2026-03-04T00:00:00Z'));
    expect(periodStart('day', now, 'Asia/Ho_Chi_Minh')).toEqual(at('2026-03-04T17:00:00Z'));
    expect(periodEnd('day', now, 'Asia/Ho_Chi_Minh')).toEqual(at('2026-03-05T17:00:00Z'));
    expect(periodStart('week', now, 'UTC')).toEqual(at('2026-03-02T00:00:00Z'));
    expect(periodStart('month', now, 'America/Sao_Paulo')).toEqual(at('2026-03-01T03:00:00Z'));
    expect(periodEnd('month', now, 'Asia/Kathmandu')).toEqual(at('2026-03-31T18:15:00Z'));
    // Across a daylight-saving change: New York's day of 8 March 2026 is 23 hours long.
    const spring = at('2026-03-08T15:00:00Z');
    expect(periodStart('day', spring, 'America/New_York')).toEqual(at('2026-03-08T05:00:00Z'));
    expect(periodEnd('day', spring, 'America/New_York')).toEqual(at('2026-03-09T04:00:00Z'));
  });

  it('holds every instant inside its own period, in any zone', () => {
    const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.date({
          min: at('2020-01-01T00:00:00Z'),
          max: at('2035-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (instant, zone, period) => {
          const start = periodStart(period, instant, zone);
          const end = periodEnd(period, instant, zone);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(end.getTime()).toBeGreaterThan(instant.getTime());
          // Every zone's offset is whole quarter hours: periods start on a usage slot.
          expect(start.getTime() % (15 * 60_000)).toBe(0);
        },
      ),
    );
  });

  it('accepts IANA zones only, in their canonical spelling', () => {
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('Asia/Ho_Chi_Minh')).toMatch(/^Asia\/(Ho_Chi_Minh|Saigon)$/);
    expect(canonicalTimeZone('etc/utc')).toBe('UTC');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['+07:00', 'Mars/Olympus', '', 'Europe/../etc', 'a'.repeat(80)])
      expect(canonicalTimeZone(bad)).toBeNull();
  });

  it('ends time-outs after hours and self-exclusions after calendar months, or never', () => {
    const from = at('2026-08-31T10:00:00Z');
    expect(exclusionEnd('24h', from)).toEqual(at('2026-09-01T10:00:00Z'));
    expect(exclusionEnd('30d', from)).toEqual(at('2026-09-30T10:00:00Z'));
    expect(exclusionEnd('6m', from)).toEqual(at('2027-02-28T10:00:00Z'));
    expect(exclusionEnd('5y', from)).toEqual(at('2031-08-31T10:00:00Z'));
    expect(exclusionEnd('permanent', from)).toBeNull();
    expect(isExclusionDuration('timeOut', '7d')).toBe(true);
    expect(isExclusionDuration('timeOut', '6m')).toBe(false);
    expect(isExclusionDuration('selfExclusion', '24h')).toBe(false);
  });

  it('lets an exclusion only grow longer', () => {
    const end = at('2027-01-01T00:00:00Z');
    expect(isExtension(end, at('2028-01-01T00:00:00Z'))).toBe(true);
    expect(isExtension(end, null)).toBe(true);
    expect(isExtension(end, at('2026-12-31T00:00:00Z'))).toBe(false);
    expect(isExtension(end, end)).toBe(false);
    expect(isExtension(null, end)).toBe(false);
  });

  it('reminds every interval of the session, never at a moment already past', () => {
    const start = at('2026-05-10T12:00:00Z');
    expect(nextRealityCheck(start, 30, at('2026-05-10T12:00:00Z'))).toEqual(
      at('2026-05-10T12:30:00Z'),
    );
    expect(nextRealityCheck(start, 30, at('2026-05-10T12:30:00Z'))).toEqual(
      at('2026-05-10T13:00:00Z'),
    );
    expect(nextRealityCheck(start, 45, at('2026-05-10T13:59:00Z'))).toEqual(
      at('2026-05-10T14:15:00Z'),
    );
  });

  it('counts the session limit over a sitting: a login joins it, the break follows its limit', () => {
    const start = at('2026-05-10T12:00:00Z');
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const open = { startedAt: start, open: true, lastEndedAt: null };
    // No sitting yet, or none with a session limit and nothing open for the break: a new one.
    expect(sittingAtLogin(null, 30, 60, minutes(5))).toEqual({ startedAt: minutes(5) });
    expect(sittingAtLogin(open, null, 60, minutes(500))).toEqual({ startedAt: start });
    // Within the limit, a login joins (another tab, or back after logging out).
    expect(sittingAtLogin(open, 30, 60, minutes(29))).toEqual({ startedAt: start });
    const left = { startedAt: start, open: false, lastEndedAt: minutes(10) };
    expect(sittingAtLogin(left, 30, 60, minutes(25))).toEqual({ startedAt: start });
    // At the limit: refused until the break after it ends.
    expect(sittingAtLogin(open, 30, 60, minutes(30))).toEqual({ breakEndsAt: minutes(90) });
    expect(sittingAtLogin(open, 30, 60, minutes(89))).toEqual({ breakEndsAt: minutes(90) });
    expect(sittingAtLogin(open, 30, 60, minutes(90))).toEqual({ startedAt: minutes(90) });
    // Left at 10 minutes: the break counts from then; away that long, a new sitting.
    expect(sittingAtLogin(left, 30, 60, minutes(40))).toEqual({ breakEndsAt: minutes(70) });
    expect(sittingAtLogin(left, 30, 60, minutes(70))).toEqual({ startedAt: minutes(70) });
    // Logging out at the limit's minute changes nothing: the break counts from the limit.
    const atLimit = { startedAt: start, open: false, lastEndedAt: minutes(45) };
    expect(sittingAtLogin(atLimit, 30, 60, minutes(60))).toEqual({ breakEndsAt: minutes(90) });
  });
});

describe('period starts kept by the quarter hour (issue 31)', () => {
  it('answers what it would compute, whatever the zone, the daylight-saving changes and the order asked', () => {
    const zones = [
      'UTC',
      'Asia/Ho_Chi_Minh',
      'Asia/Kathmandu',
      'America/New_York',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Europe/London',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) }),
        fc.integer({ min: 0, max: 15 * 60_000 - 1 }),
        (zone, period, ms, other) => {
          const when = new Date(ms);
          // Another instant of the same quarter hour asked first: its kept answer must serve.
          const quarter = Math.floor(ms / (15 * 60_000)) * 15 * 60_000;
          periodStart(period, new Date(quarter + other), zone);
          expect(periodStart(period, when, zone).getTime()).toBe(
            computePeriodStart(period, when, zone).getTime(),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
