// @vitest-environment jsdom
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../../src/shared/percent';

describe('a rate for people, per language (issue 34, finding 8)', () => {
  it('follows each language: the sign, the space before it and the decimal mark', () => {
    expect(formatPercent('1.00', 'en')).toBe('1.00%');
    expect(formatPercent('1.00', 'es')).toBe('1,00\u00a0%');
    expect(formatPercent('1.20', 'pt')).toBe('1,20%');
    expect(formatPercent('0.05', 'vi')).toBe('0,05%');
    expect(formatPercent('1.5', 'th')).toBe('1.5%');
    expect(formatPercent('0.10', 'zh')).toBe('0.10%');
  });

  it('keeps the decimals a string was written with; a number shows up to two', () => {
    expect(formatPercent('1', 'en')).toBe('1%');
    expect(formatPercent('0.125', 'en')).toBe('0.125%');
    expect(formatPercent(96.5, 'en')).toBe('96.5%');
    expect(formatPercent(0.29, 'en')).toBe('0.29%');
  });

  it('shows what it cannot read as it is', () => {
    expect(formatPercent('abc', 'en')).toBe('abc');
  });

  it('is the `percent` format of the texts', async () => {
    const { setupI18n } = await import('../../../src/i18n/setup');
    await setupI18n('es');
    await i18next.loadNamespaces('sections');
    expect(i18next.t('contracts.rate', { rate: '1.00' })).toMatch(/1,00\u00a0%/);
  });
});
