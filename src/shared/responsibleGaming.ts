/**
 * Responsible gaming (issue 17): the rules the page and the server share. Limits a player sets
 * on deposits, losses (net of wins) and wagers per day, week and month, a session-time limit,
 * the reality check's interval, time-outs and self-exclusion. The server enforces; the page
 * shows the same rules (what is pending, when it applies, what is left) from this one module.
 *
 * Amounts are minor units (bigint) here, decimal strings on the wire; minutes are integers.
 */
import { toMoneyString } from './money';

export const RG_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

/** The session-time limit's bounds, in minutes (a quarter of an hour to a day). */
export const SESSION_LIMIT_MINUTES = { min: 15, max: 24 * 60 } as const;

/** The reality check's intervals a player chooses from, in minutes (or none). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** How long a raise or a removal waits unless the operator configures otherwise. */
export const DEFAULT_COOLING_OFF_HOURS = 24;

/**
 * The break after a sitting reached the session limit, unless the operator configures
 * otherwise (`responsibleGaming.sessionBreakMinutes`): no login until it has passed, and a
 * sitting only ends after this long with no session open (docs/decisions.md, issue 17).
 */
export const DEFAULT_SESSION_BREAK_MINUTES = 60;
/** The break's bounds the configuration accepts, in minutes. */
export const SESSION_BREAK_MINUTES = { min: 15, max: 24 * 60 } as const;

/** A time-out ("take a break"): short, fixed choices. */
export const TIME_OUTS = ['24h', '7d', '30d'] as const;
export type TimeOutDuration = (typeof TIME_OUTS)[number];

/** Self-exclusion: six months to five years, or for good. */
export const SELF_EXCLUSIONS = ['6m', '1y', '2y', '3y', '5y', 'permanent'] as const;
export type SelfExclusionDuration = (typeof SELF_EXCLUSIONS)[number];

export type ExclusionKind = 'timeOut' | 'selfExclusion';
export type ExclusionDuration = TimeOutDuration | SelfExclusionDuration;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether `duration` is one `kind` offers. */
export function isExclusionDuration(kind: ExclusionKind, duration: string): boolean {
  return kind === 'timeOut'
    ? (TIME_OUTS as readonly string[]).includes(duration)
    : (SELF_EXCLUSIONS as readonly string[]).includes(duration);
}

/**
 * When an exclusion of `duration` taken at `from` ends: a fixed number of hours for time-outs,
 * calendar months (UTC) for self-exclusion, null for a permanent one. A month end that does
 * not exist (31 August + 6 months) rolls to the last day of the month.
 */
export function exclusionEnd(duration: ExclusionDuration, from: Date): Date | null {
  switch (duration) {
    case '24h':
      return new Date(from.getTime() + DAY_MS);
    case '7d':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(from.getTime() + 30 * DAY_MS);
    case 'permanent':
      return null;
    default: {
      const months = duration === '6m' ? 6 : 12 * Number(duration.slice(0, -1));
      const target = new Date(from.getTime());
      const day = target.getUTCDate();
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + months);
      const last = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(day, last));
      return target;
    }
  }
}

/** Whether an exclusion that ends at `endsAt` (null: never) is still running at `now`. */
export function exclusionRunning(endsAt: Date | null, now: Date): boolean {
  return endsAt === null || endsAt.getTime() > now.getTime();
}

/**
 * An operator may only lengthen an exclusion (never shorten it): a permanent one stays; a
 * dated one may become later or permanent.
 */
export function isExtension(current: Date | null, next: Date | null): boolean {
  if (current === null) return next === null;
  return next === null || next.getTime() > current.getTime();
}

// ---------------------------------------------------------------------------------------------
// Limits and the cooling-off delay

/**
 * Whether a change from `current` to `next` (null: no limit) tightens: setting a first limit or
 * lowering one. Those apply at once; raising or removing one waits for the cooling-off delay.
 */
export function tightens(current: bigint | null, next: bigint | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

export type LimitChangePlan =
  /** In force now; any pending change is dropped. */
  | { apply: 'now' }
  /** Waits: in force from `at`; the limit in force meanwhile stays. */
  | { apply: 'later'; at: Date };

/**
 * How a requested change applies: at once when it tightens or changes nothing, after the
 * cooling-off delay otherwise (a new request restarts the wait: asking again does not shorten
 * it).
 */
export function planLimitChange(
  current: bigint | null,
  requested: bigint | null,
  now: Date,
  coolingOffHours: number,
): LimitChangePlan {
  if (requested === current || tightens(current, requested)) return { apply: 'now' };
  return { apply: 'later', at: new Date(now.getTime() + coolingOffHours * HOUR_MS) };
}

/** A limit as stored: in force, and a change waiting for its time (null amount: removal). */
export interface StoredLimit<T = bigint> {
  value: T | null;
  pendingValue: T | null;
  pendingAt: Date | null;
}

/** The limit in force at `now` and what still waits: a pending change whose time came applies. */
export function limitAt<T>(
  stored: StoredLimit<T>,
  now: Date,
): { value: T | null; pending: { value: T | null; at: Date } | null } {
  if (stored.pendingAt === null) return { value: stored.value, pending: null };
  if (stored.pendingAt.getTime() <= now.getTime())
    return { value: stored.pendingValue, pending: null };
  return { value: stored.value, pending: { value: stored.pendingValue, at: stored.pendingAt } };
}

/** What a limit leaves and how much is used (a net win counts as nothing lost). */
export interface LimitUse {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: bigint;
  used: bigint;
}

const atLeastZero = (amount: bigint): bigint => (amount > 0n ? amount : 0n);

/** What counts as used: a net win in the period is nothing lost. */
export const usedOf = (use: LimitUse): bigint => atLeastZero(use.used);

export const leftOf = (use: LimitUse): bigint => atLeastZero(use.limit - usedOf(use));

/**
 * The limit `adding` more would break, or null when every limit allows it: the one that leaves
 * least (on a tie, the shortest period), so the refusal names what really stands in the way.
 */
export function limitRefusal(uses: readonly LimitUse[], adding: bigint): LimitUse | null {
  let worst: LimitUse | null = null;
  for (const use of uses) {
    if (usedOf(use) + adding <= use.limit) continue;
    if (worst === null || leftOf(use) < leftOf(worst)) worst = use;
  }
  return worst;
}

const PERIOD_WORDS: Record<RgPeriod, { adjective: string; span: string }> = {
  day: { adjective: 'daily', span: 'today' },
  week: { adjective: 'weekly', span: 'this week' },
  month: { adjective: 'monthly', span: 'this month' },
};

/** What a refusal carries (`value` of the error) so the page can say it in the player's words. */
export interface LimitRefusal {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: string;
  left: string;
}

export function refusalOf(use: LimitUse): LimitRefusal {
  return {
    kind: use.kind,
    period: use.period,
    limit: toMoneyString(use.limit),
    left: toMoneyString(leftOf(use)),
  };
}

/** The server's English text: "Your daily deposit limit of 100.00 leaves 20.00 today." */
export function refusalMessage(refusal: LimitRefusal): string {
  const words = PERIOD_WORDS[refusal.period];
  return `Your ${words.adjective} ${refusal.kind} limit of ${refusal.limit} leaves ${refusal.left} ${words.span}.`;
}

/** The error codes of the refusals (one per kind, so the page's texts can differ). */
export const LIMIT_CODES: Record<RgLimitKind, string> = {
  deposit: 'rg_deposit_limit',
  loss: 'rg_loss_limit',
  wager: 'rg_wager_limit',
};

// ---------------------------------------------------------------------------------------------
// Time zones and periods

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

let zoneList: readonly string[] | null = null;

/** The engine's own list of zones (ICU's spelling), read once. */
function listedZones(): readonly string[] {
  zoneList ??=
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zoneList;
}

/**
 * The IANA zone `name` stands for, spelled as the engine lists it ("asia/tokyo" →
 * "Asia/Tokyo"), or null when it is not a zone this engine knows. A name the list does not
 * hold but the engine accepts (a link such as "Asia/Ho_Chi_Minh", listed as "Asia/Saigon" by
 * some engines and the other way round by others) is kept as given. Offsets ("+07:00") and
 * abbreviations are refused: a period must follow the zone's daylight-saving rules.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name))
    return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return null;
  }
  const lower = name.toLowerCase();
  if (lower === 'utc' || lower === 'etc/utc') return 'UTC';
  return listedZones().find((zone) => zone.toLowerCase() === lower) ?? name;
}

/** The wall-clock fields of `at` in `timeZone`. */
function wallClock(timeZone: string, at: Date) {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
function offsetAt(timeZone: string, at: Date): number {
  const wall = wallClock(timeZone, at);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting the date (y, m, d) in `timeZone`. */
function localMidnight(timeZone: string, year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(timeZone, new Date(wall));
  // Once more at the instant found: the offset may differ there (a daylight-saving change).
  return new Date(wall - offsetAt(timeZone, new Date(first)));
}

/**
 * When the period holding `at` began in `timeZone`: local midnight of the day, of the week's
 * Monday (ISO weeks), or of the month's first day.
 */
export function periodStart(period: RgPeriod, at: Date, timeZone: string): Date {
  const wall = wallClock(timeZone, at);
  let day = wall.day;
  if (period === 'month') day = 1;
  if (period === 'week') {
    const weekday = (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
    day -= weekday;
  }
  const date = new Date(Date.UTC(wall.year, wall.month - 1, day));
  return localMidnight(timeZone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** When the period holding `at` ends (the next one starts) in `timeZone`. */
export function periodEnd(period: RgPeriod, at: Date, timeZone: string): Date {
  const start = periodStart(period, at, timeZone);
  const wall = wallClock(timeZone, start);
  const next =
    period === 'day'
      ? new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1))
      : period === 'week'
        ? new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 7))
        : new Date(Date.UTC(wall.year, wall.month, 1));
  return localMidnight(timeZone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

// ---------------------------------------------------------------------------------------------
// Sessions and the reality check

/**
 * The next reality check after `now` for a session that started at `startedAt`: every
 * `intervalMinutes` of the session (at 30, 60, 90… minutes), never one already past.
 */
export function nextRealityCheck(startedAt: Date, intervalMinutes: number, now: Date): Date {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now.getTime() - startedAt.getTime());
  return new Date(startedAt.getTime() + (Math.floor(elapsed / interval) + 1) * interval);
}

/** When a session that started at `startedAt` reaches its limit (minutes). */
export function sessionLimitAt(startedAt: Date, limitMinutes: number): Date {
  return new Date(startedAt.getTime() + limitMinutes * 60_000);
}

/** The member's latest sitting, as the sessions table tells it at a login. */
export interface LastSitting {
  startedAt: Date;
  /** Whether a session of it is still open (not logged out, not expired). */
  open: boolean;
  /** When its last session ended (logout or expiry); null while one is open. */
  lastEndedAt: Date | null;
}

export type SittingAtLogin =
  /** The login opens a session of the sitting that started at `startedAt` (now: a new one). */
  | { startedAt: Date }
  /** The sitting reached the session limit: no login until its break is over. */
  | { breakEndsAt: Date };

/**
 * The session limit bounds a sitting, not one login (issue 17): a run of logins with less than
 * the break between them (the time with no session open) is one sitting, counted from its first
 * login. A login joins the last sitting while it is within its limit and the member was away
 * less than the break; once the sitting reached its limit (or the member left it), a new one
 * starts only after the break, counted from the limit or from when the member left if earlier.
 * A sitting with an open session ends at its limit (an open tab counts as still playing).
 */
export function sittingAtLogin(
  last: LastSitting | null,
  limitMinutes: number | null,
  breakMinutes: number,
  now: Date,
): SittingAtLogin {
  if (last === null) return { startedAt: now };
  const limitAt =
    limitMinutes === null ? Infinity : last.startedAt.getTime() + limitMinutes * 60_000;
  const left = last.open || last.lastEndedAt === null ? Infinity : last.lastEndedAt.getTime();
  const ended = Math.min(limitAt, left);
  const breakEnds = ended + breakMinutes * 60_000;
  if (now.getTime() >= breakEnds) return { startedAt: now };
  if (now.getTime() < limitAt) return { startedAt: last.startedAt };
  return { breakEndsAt: new Date(breakEnds) };
}

/** When the break after a sitting that started at `startedAt` and reached its limit ends. */
export function sessionBreakEnd(startedAt: Date, limitMinutes: number, breakMinutes: number): Date {
  return new Date(startedAt.getTime() + (limitMinutes + breakMinutes) * 60_000);
}

/** Whole minutes between two instants, for "you have played 1 h 5 min". */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

// ---------------------------------------------------------------------------------------------
// The API's shapes

/** One money limit as the page shows it. */
export interface LimitView {
  kind: RgLimitKind;
  period: RgPeriod;
  /** In force now; null: none. */
  limit: string | null;
  /** Used this period (deposits, net loss, wagers), never below zero. */
  used: string;
  /** What the limit leaves this period; null without a limit. */
  left: string | null;
  /** When this period ends in the player's time zone. */
  resetsAt: string;
  /** A raise or removal waiting for the cooling-off delay (limit null: removal). */
  pending: { limit: string | null; at: string } | null;
}

export interface ExclusionView {
  kind: ExclusionKind;
  startedAt: string;
  /** Null: permanent. */
  endsAt: string | null;
}

export type RgActor = 'member' | 'operator';

/** One recorded change: who, when, what, from what to what, and when it applies. */
export interface RgHistoryItem {
  at: string;
  actor: RgActor;
  /** `limit.deposit.day`, `sessionLimit`, `realityCheck`, `timeZone`, `exclusion`. */
  subject: string;
  old: string | null;
  new: string | null;
  effectiveAt: string;
}

export interface RgStatus {
  /** The zone periods are counted in (UTC until the page sends the device's). */
  timeZone: string;
  /** Whether the member ever stored one (the page sends the device's when not). */
  timeZoneSet: boolean;
  pendingTimeZone: { timeZone: string; at: string } | null;
  limits: LimitView[];
  /** Minutes; null: none. */
  sessionLimit: number | null;
  pendingSessionLimit: { minutes: number | null; at: string } | null;
  realityCheckMinutes: number | null;
  coolingOffHours: number;
  /** The break after the session limit (minutes, the operator's setting). */
  sessionBreakMinutes: number;
  history: RgHistoryItem[];
  /** Grows with every change: the `rg` socket event's seq. */
  seq: number;
}

/** The current login session, for the reality check and the session limit. */
export interface RgSession {
  /** This login. */
  startedAt: string;
  /** The sitting this login belongs to: the session limit counts from here. */
  sittingStartedAt: string;
  /** The break after the session limit (minutes). */
  sessionBreakMinutes: number;
  /** The server's clock when answering: the page corrects its own by the difference. */
  serverNow: string;
  realityCheckMinutes: number | null;
  sessionLimit: number | null;
  /** Real bets of this session (since the login). */
  wagered: string;
  won: string;
  /** won − wagered: negative when the session lost. */
  net: string;
  timeZone: string;
  timeZoneSet: boolean;
  seq: number;
}

/** What a refused login, deposit or launch of an excluded member carries. */
export interface ExclusionRefusal {
  kind: ExclusionKind;
  /** Null: permanent. */
  endsAt: string | null;
}

/** What a login refused during the break after a session limit carries. */
export interface SessionBreakRefusal {
  /** The session limit reached, in minutes. */
  minutes: number;
  endsAt: string;
}

/** What a game or a launch refused at the session limit carries. */
export interface SessionLimitRefusal {
  minutes: number;
  /** When the member may log in again. */
  breakEndsAt: string;
}

/** The `rg` socket event: the member's settings changed; the page fetches them again. */
export interface RgEvent {
  seq: number;
}

/** A limit change the page sends (limit null: remove). */
export interface LimitChange {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: string | null;
}
