/**
 * A salary period for people. An hourly period is a time range with its day ("Nov 30, 14:00 –
 * 15:00"); a daily, weekly or monthly one is a range of dates whose end is the period's last
 * day — the stored end is the next period's start (exclusive), which read as one day too many
 * ("00:00 – 00:00" was all the old line said of a day).
 */
export function periodText(startIso: string, endIso: string, language: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (end.getTime() - start.getTime() < 86_400_000) {
    return new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).formatRange(start, end);
  }
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).formatRange(start, new Date(end.getTime() - 1));
}
