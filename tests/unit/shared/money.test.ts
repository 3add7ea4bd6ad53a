import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLAIN_GROUPING_LOCALES,
  formatMoney,
  parseMoney,
  parseSignedMoney,
  toMoneyString,
} from '../../../src/shared/money';

describe('money', () => {
  it('parses decimal strings into minor units exactly', () => {
    expect(parseMoney('0.1')).toBe(10n);
    expect(parseMoney('1234.56')).toBe(123456n);
    expect(parseMoney('999999999999999.99')).toBe(99999999999999999n);
  });
  it('refuses what is not a plain amount', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '0x10', '1,000', ' . '])
      expect(() => parseMoney(bad)).toThrow();
  });
  it('round-trips through the wire format', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => {
        expect(parseMoney(toMoneyString(minor))).toBe(minor);
      }),
    );
  });
  it('round-trips signed amounts (records show money leaving as negative)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n }), (minor) => {
        expect(parseSignedMoney(toMoneyString(minor))).toBe(minor);
      }),
    );
    expect(() => parseSignedMoney('--1')).toThrow();
  });
  it('formats with two decimals and thousands separators', () => {
    expect(formatMoney(123456789n)).toBe('1,234,567.89');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(-100n)).toBe('-1.00');
    expect(formatMoney(123456789n, 'de-DE')).toBe('1.234.567,89');
  });
  it('formats the locales it does without Intl exactly as Intl does', () => {
    const viaIntl = (minor: bigint, locale: string) => {
      const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(
        (minor < 0n ? -minor : minor) / 100n,
      );
      const decimal = new Intl.NumberFormat(locale)
        .formatToParts(1.5)
        .find((part) => part.type === 'decimal')?.value;
      const cents = ((minor < 0n ? -minor : minor) % 100n).toString().padStart(2, '0');
      return `${minor < 0n ? '-' : ''}${whole}${decimal}${cents}`;
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.constantFrom(...PLAIN_GROUPING_LOCALES),
        (minor, locale) => {
          expect(formatMoney(minor, locale)).toBe(viaIntl(minor, locale));
        },
      ),
    );
  });
});
