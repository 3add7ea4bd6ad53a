import { MAX_RANGE_DAYS } from '../../../shared/records';

/** A local calendar day as the date input holds it: yyyy-MM-dd. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: the last seven local days, today included. */
export function lastWeek(now = new Date()): { fromDay: string; toDay: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 6);
  return { fromDay: localDay(from), toDay: localDay(now) };
}

const startOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
};

/**
 * The server's instant range [from, to) for two local days, both included, with the player's
 * UTC offset; or the reason it cannot be asked for.
 */
export function rangeOf(
  fromDay: string,
  toDay: string,
): { from: string; to: string; tz: number } | { error: 'date_range_invalid' } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fromDay) || !/^\d{4}-\d{2}-\d{2}$/.test(toDay)) {
    return { error: 'date_range_invalid' };
  }
  const from = startOf(fromDay);
  const to = startOf(toDay);
  to.setDate(to.getDate() + 1);
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  if (days < 1 || days > MAX_RANGE_DAYS) return { error: 'date_range_invalid' };
  return { from: from.toISOString(), to: to.toISOString(), tz: -from.getTimezoneOffset() };
}
