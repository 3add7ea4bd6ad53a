/**
 * A rate in percent points ("1.00", 0.5) for people, in the page's language: "1.00%" in
 * English, "1,00 %" in Spanish, "1,00%" in Vietnamese (CLDR, through Intl). A string keeps the
 * decimals it was written with, so a contract's "1.00 %" stays two decimals; a number shows up
 * to two. Display only: rates that compute money are never floats (src/shared/money.ts).
 */
const formats = new Map<string, Intl.NumberFormat>();

function percentFormat(locale: string, decimals: number | null): Intl.NumberFormat {
  const key = `${locale}|${decimals ?? 'auto'}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      decimals === null
        ? { style: 'percent', maximumFractionDigits: 2 }
        : { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

export function formatPercent(points: string | number, locale: string): string {
  const value = typeof points === 'number' ? points : Number(points.trim());
  if (!Number.isFinite(value)) return String(points);
  const decimals = typeof points === 'string' ? (points.trim().split('.')[1]?.length ?? 0) : null;
  // Percent points to a fraction; toPrecision drops the float noise of the division.
  return percentFormat(locale, decimals).format(Number((value / 100).toPrecision(12)));
}
