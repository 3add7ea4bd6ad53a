import { countdownText } from '../../../shared/lottery';

/**
 * The time left until a period's salary is settled, for people: "4:05" under an hour,
 * "2:04:05" under a day, "3d 2:04:05" (the day unit in the page's language) beyond. Null once
 * the moment has come: the settlement job is paying it (the page says so rather than "0:00").
 */
export function settlementCountdown(
  settlesAt: string,
  now: number,
  language: string,
): string | null {
  const until = new Date(settlesAt).getTime();
  if (!Number.isFinite(until) || until <= now) return null;
  const seconds = Math.ceil((until - now) / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = countdownText(now + (seconds % 86_400) * 1000, now);
  if (days === 0) return rest;
  const dayText = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'narrow',
  }).format(days);
  // Under a day's remainder of under an hour, still "h:mm:ss": the figure keeps its shape.
  return `${dayText} ${rest.split(':').length === 2 ? `0:${rest.padStart(5, '0')}` : rest}`;
}
