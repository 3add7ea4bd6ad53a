import { describe, expect, it } from 'vitest';
import { periodText } from '../../../src/ui/agent/salary/periodText';

describe('a salary period for people', () => {
  it('an hour is a time range with its day', () => {
    const start = new Date(2026, 10, 30, 14).toISOString();
    const end = new Date(2026, 10, 30, 15).toISOString();
    expect(periodText(start, end, 'en')).toMatch(/^Nov 30, 2:00\s*[–-]\s*3:00\sPM$/);
  });

  it('a day is that one date, not "00:00 – 00:00" nor the next day', () => {
    const start = new Date(2026, 10, 29).toISOString();
    const end = new Date(2026, 10, 30).toISOString();
    expect(periodText(start, end, 'en')).toBe('Nov 29, 2026');
  });

  it('a week ends on its last day, in the page language', () => {
    const start = new Date(2026, 10, 23).toISOString();
    const end = new Date(2026, 10, 30).toISOString();
    expect(periodText(start, end, 'en')).toMatch(/^Nov 23\s*[–-]\s*29, 2026$/);
    expect(periodText(start, end, 'vi')).toContain('29');
    expect(periodText(start, end, 'vi')).not.toContain('30');
  });
});
