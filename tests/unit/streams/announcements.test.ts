import { BehaviorSubject, Subject, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { AnnouncementEvent, AnnouncementResponse } from '../../../src/shared/announcements';
import { type AnnouncementsKey, createAnnouncements } from '../../../src/streams/announcements';

const answerOf = (seq: number, titles: string[] = []): AnnouncementResponse => ({
  banners: [],
  player: titles.map((title) => ({ id: title, title, content: '', promotionType: null })),
  popup: [],
  promotion: [],
  seq,
});

function setUp(first: AnnouncementsKey = { language: 'EN', loggedIn: false }) {
  const key$ = new BehaviorSubject(first);
  const events$ = new Subject<AnnouncementEvent>();
  const reconnected$ = new Subject<void>();
  const pending: { key: AnnouncementsKey; answer: Subject<AnnouncementResponse> }[] = [];
  const fetch = vi.fn((key: AnnouncementsKey) => {
    const answer = new Subject<AnnouncementResponse>();
    pending.push({ key, answer });
    return answer;
  });
  const answer = (index: number, value: AnnouncementResponse) => {
    pending[index]!.answer.next(value);
    pending[index]!.answer.complete();
  };
  const seen: (AnnouncementResponse | null)[] = [];
  const subscription = createAnnouncements({ key$, fetch, events$, reconnected$ }).subscribe(
    (value) => seen.push(value),
  );
  return { key$, events$, reconnected$, fetch, pending, answer, seen, subscription };
}

describe('createAnnouncements (issue 16: announcements kept live)', () => {
  it('shows null, then the answer for the language and login state', () => {
    const t = setUp();
    expect(t.seen).toEqual([null]);
    expect(t.fetch).toHaveBeenCalledWith({ language: 'EN', loggedIn: false });
    t.answer(0, answerOf(3, ['a']));
    expect(t.seen.at(-1)).toEqual(answerOf(3, ['a']));
    t.subscription.unsubscribe();
  });

  it('fetches again for an event newer than the answer, never for an older or equal one', () => {
    const t = setUp();
    t.answer(0, answerOf(5, ['a']));
    t.events$.next({ seq: 5 });
    t.events$.next({ seq: 4 });
    expect(t.fetch).toHaveBeenCalledTimes(1);
    t.events$.next({ seq: 6 });
    expect(t.fetch).toHaveBeenCalledTimes(2);
    t.answer(1, answerOf(6, ['a', 'b']));
    expect(t.seen.at(-1)?.player.map((item) => item.id)).toEqual(['a', 'b']);
    t.subscription.unsubscribe();
  });

  it('does not lose an event that arrives while the answer is on its way', () => {
    const t = setUp();
    t.events$.next({ seq: 8 });
    // The answer was read before that change was committed.
    t.answer(0, answerOf(7, ['a']));
    expect(t.fetch).toHaveBeenCalledTimes(2);
    t.answer(1, answerOf(8, ['a', 'new']));
    expect(t.seen.at(-1)?.seq).toBe(8);
    t.subscription.unsubscribe();
  });

  it('asks again on a reconnect that lost events, and for a new language or login', () => {
    const t = setUp();
    t.answer(0, answerOf(1));
    t.reconnected$.next();
    expect(t.fetch).toHaveBeenCalledTimes(2);
    t.answer(1, answerOf(1));
    t.key$.next({ language: 'EN', loggedIn: false });
    expect(t.fetch).toHaveBeenCalledTimes(2);
    t.key$.next({ language: 'ES', loggedIn: true });
    expect(t.fetch).toHaveBeenLastCalledWith({ language: 'ES', loggedIn: true });
    // The previous answer stays on screen meanwhile (no null flash).
    expect(t.seen.filter((value) => value === null)).toHaveLength(1);
    t.subscription.unsubscribe();
  });

  it('shows nothing when the first answer fails, and mends on the next event', () => {
    const key$ = new BehaviorSubject<AnnouncementsKey>({ language: 'EN', loggedIn: false });
    const events$ = new Subject<AnnouncementEvent>();
    let calls = 0;
    const seen: (AnnouncementResponse | null)[] = [];
    const subscription = createAnnouncements({
      key$,
      fetch: () => (++calls === 1 ? throwError(() => new Error('offline')) : [answerOf(2, ['x'])]),
      events$,
      reconnected$: new Subject(),
    }).subscribe((value) => seen.push(value));
    expect(seen.at(-1)).toEqual(answerOf(0));
    events$.next({ seq: 2 });
    expect(seen.at(-1)).toEqual(answerOf(2, ['x']));
    subscription.unsubscribe();
  });
});
