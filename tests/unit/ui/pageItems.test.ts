import { describe, expect, it } from 'vitest';
import { pageItems } from '../../../src/ui/components/pageItems';

const show = (page: number, pages: number) =>
  pageItems(page, pages, 5, 1)
    .map((item) => (typeof item === 'number' ? String(item) : '…'))
    .join(' ');

describe('page numbers (range 5, margin 1)', () => {
  it('shows every page when there are few', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(3, 6)).toBe('1 2 3 4 5 6');
  });
  it('puts gaps around the window in the middle', () => {
    expect(show(6, 20)).toBe('1 … 4 5 6 7 8 … 20');
  });
  it('keeps the window whole at the ends', () => {
    expect(show(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(20, 20)).toBe('1 … 16 17 18 19 20');
  });
  it('jumps a window back or forward from a gap', () => {
    const items = pageItems(10, 20, 5, 1);
    expect(items.find((item) => typeof item !== 'number' && item.gap === 'before')).toEqual({
      gap: 'before',
      to: 5,
    });
    expect(items.find((item) => typeof item !== 'number' && item.gap === 'after')).toEqual({
      gap: 'after',
      to: 15,
    });
  });
});
