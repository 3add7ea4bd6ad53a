import { describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  CLOSED_KEY,
  closedPopups,
  markPopupsClosed,
  notClosed,
  popupOwner,
} from '../../../../src/ui/core/popupKeys';
import { pageItems } from '../../../../src/ui/components/pageItems';
import { pageOf } from '../../../../src/ui/home/NoticePopup';
import { ANNOUNCEMENT_PAGE_SIZE } from '../../../../src/shared/announcements';

/** A session storage of one tab session. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('pop-ups once per session (spec 4: per user or anonymous key marked closed)', () => {
  it('keys a member by id and a guest by an anonymous key kept for the session', () => {
    const session = memoryStorage();
    expect(popupOwner(session, '42')).toBe('member:42');
    // Reading makes no key: a guest with nothing closed leaves the session storage empty.
    expect(popupOwner(session, null)).toBe('anon:');
    expect(session.data.size).toBe(0);
    markPopupsClosed(session, 'anon:', ['welcome']);
    expect(session.data.size).toBe(0);
    const guest = popupOwner(session, null, true);
    expect(guest).toMatch(/^anon:[0-9a-f]{24}$/);
    // The same session (a reload): the same key.
    expect(popupOwner(session, null)).toBe(guest);
    // A new session: another key.
    expect(popupOwner(memoryStorage(), null, true)).not.toBe(guest);
    // A key tampered with is replaced rather than trusted.
    session.setItem(ANON_KEY, '<script>');
    expect(popupOwner(session, null, true)).toMatch(/^anon:[0-9a-f]{24}$/);
  });

  it('remembers what each owner closed, for that owner only', () => {
    const session = memoryStorage();
    markPopupsClosed(session, 'member:1', ['welcome', 'op-3']);
    markPopupsClosed(session, 'member:1', ['op-3', 'op-4']);
    expect([...closedPopups(session, 'member:1')]).toEqual(['welcome', 'op-3', 'op-4']);
    expect(closedPopups(session, 'member:2').size).toBe(0);
    expect(closedPopups(session, 'anon:abc').size).toBe(0);
    // A fresh session has nothing closed.
    expect(closedPopups(memoryStorage(), 'member:1').size).toBe(0);
    const items = [{ id: 'welcome' }, { id: 'op-5' }, { id: 'op-4' }];
    expect(notClosed(items, closedPopups(session, 'member:1'))).toEqual([{ id: 'op-5' }]);
  });

  it('survives a damaged value and keeps at most 200 ids per owner', () => {
    const session = memoryStorage();
    session.setItem(CLOSED_KEY, '{not json');
    expect(closedPopups(session, 'member:1').size).toBe(0);
    session.setItem(CLOSED_KEY, JSON.stringify({ 'member:1': [1, 'a'], other: 'x' }));
    expect([...closedPopups(session, 'member:1')]).toEqual(['a']);
    markPopupsClosed(
      session,
      'member:1',
      Array.from({ length: 250 }, (_, index) => `op-${index}`),
    );
    const kept = closedPopups(session, 'member:1');
    expect(kept.size).toBe(200);
    expect(kept.has('op-249')).toBe(true);
    expect(kept.has('a')).toBe(false);
  });
});

describe('announcement paging (spec 9: 9 to a page, range 5 with 1 margin page)', () => {
  const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: `${index}` }));

  it('puts nine on a page, the rest on the next, and clamps the page', () => {
    expect(ANNOUNCEMENT_PAGE_SIZE).toBe(9);
    const ten = items(10);
    expect(pageOf(ten, 1)).toMatchObject({ page: 1, pages: 2 });
    expect(pageOf(ten, 1).items).toHaveLength(9);
    expect(pageOf(ten, 2).items.map((item) => item.id)).toEqual(['9']);
    expect(pageOf(ten, 7).page).toBe(2);
    expect(pageOf(items(9), 1).pages).toBe(1);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('shows five pages around the current one and one at each end', () => {
    // 100 announcements: 12 pages.
    const pages = pageOf(items(100), 1).pages;
    expect(pages).toBe(12);
    expect(pageItems(1, pages, 5, 1)).toEqual([1, 2, 3, 4, 5, { gap: 'after', to: 6 }, 12]);
    expect(pageItems(6, pages, 5, 1)).toEqual([
      1,
      { gap: 'before', to: 1 },
      4,
      5,
      6,
      7,
      8,
      { gap: 'after', to: 11 },
      12,
    ]);
    expect(pageItems(12, pages, 5, 1)).toEqual([1, { gap: 'before', to: 7 }, 8, 9, 10, 11, 12]);
    // Two pages (10 announcements): both, no gap.
    expect(pageItems(1, 2, 5, 1)).toEqual([1, 2]);
  });
});
