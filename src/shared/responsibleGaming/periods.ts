/**
 * Time zones and periods (issue 17): the player's zone as the engine spells it, and when a
 * limit's day, week (ISO, from Monday) or month starts and ends in that zone, by its
 * daylight-saving rules.
 */
import type { RgPeriod } from './settings';

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
  // Every zone's offset is a whole number of quarter hours, so a period cannot start inside one:
  // the answer for a quarter hour is kept (a bet asks three periods, each costs three
  // formattings of the date otherwise).
  const key = `${period}|${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  const known = startsKnown.get(key);
  if (known !== undefined) return new Date(known);
  const start = computePeriodStart(period, at, timeZone);
  if (startsKnown.size >= 512) startsKnown.clear();
  startsKnown.set(key, start.getTime());
  return start;
}

const QUARTER_HOUR = 15 * 60_000;
const startsKnown = new Map<string, number>();

/** `periodStart` without the kept answers (its test compares the two). */
export function computePeriodStart(period: RgPeriod, at: Date, timeZone: string): Date {
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
