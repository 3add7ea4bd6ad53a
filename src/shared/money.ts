/**
 * Money is never a float (ARCHITECTURE, Money): integers of minor units (bigint) in code and
 * the database, decimal strings in JSON. Two minor digits (cents) across the platform.
 */
export const MINOR_DIGITS = 2;
const SCALE = 10n ** BigInt(MINOR_DIGITS);

/**
 * The largest single amount anything on the platform moves: 1,000,000,000.00 (issue 11). Far
 * below BIGINT's 9.2 × 10^18 minor units, so no sum of the amounts a book can hold overflows,
 * and every amount field refuses more with `amount_out_of_range`, naming this bound.
 */
export const MAX_AMOUNT_MINOR = 100_000_000_000n;
export const MAX_AMOUNT_TEXT = '1000000000.00';

/** The one amount syntax of requests: up to 15 whole digits and two decimals, no sign. */
export const MONEY_AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,2})?$/;

/** "1234.5" → 123450n. Throws on anything that is not a plain non-negative decimal. */
export function parseMoney(text: string): bigint {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(MINOR_DIGITS, '0'));
}

/** Like parseMoney, with an optional minus sign (record amounts, profit). */
export function parseSignedMoney(text: string): bigint {
  const trimmed = text.trim();
  return trimmed.startsWith('-') ? -parseMoney(trimmed.slice(1)) : parseMoney(trimmed);
}

/** 123450n → "1234.50" (signed, no grouping): the wire format. */
export function toMoneyString(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / SCALE}.${(abs % SCALE).toString().padStart(MINOR_DIGITS, '0')}`;
}

/** For people (spec 9): two decimals and thousands separators, e.g. "1,234.50". */
/** Building an Intl.NumberFormat costs far more than using one: one per locale, kept. */
const moneyFormats = new Map<string, { grouping: Intl.NumberFormat; decimal: string }>();

function moneyFormat(locale: string) {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = {
      grouping: new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }),
      decimal:
        new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
          ?.value ?? '.',
    };
    moneyFormats.set(locale, format);
  }
  return format;
}

/**
 * Locales whose money reads like English's (Latin digits, `,` every three digits, `.` before
 * the cents; CLDR): formatted without Intl. Building the first Intl.NumberFormat of a page
 * loads the engine's locale data, tens of milliseconds on a slow phone in the middle of the
 * first render; a test holds this list to Intl's own output.
 */
export const PLAIN_GROUPING_LOCALES: ReadonlySet<string> = new Set([
  'en',
  'en-us',
  'en-gb',
  'ko',
  'ja',
  'zh',
  'zh-cn',
  'th',
]);

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

export function formatMoney(minor: bigint, locale = 'en-US'): string {
  const [whole = '0', fraction = '00'] = toMoneyString(minor).replace('-', '').split('.');
  const sign = minor < 0n ? '-' : '';
  if (PLAIN_GROUPING_LOCALES.has(locale.toLowerCase()))
    return `${sign}${groupThousands(whole)}.${fraction}`;
  const { grouping, decimal } = moneyFormat(locale);
  return `${sign}${grouping.format(BigInt(whole))}${decimal}${fraction}`;
}

/** Spec 9: a hidden balance shows as asterisks. */
export const HIDDEN_BALANCE = '******';
