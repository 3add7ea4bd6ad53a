import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXT_MAX,
  type ChatMessage,
  checkChatText,
  contiguousSeq,
  guestLabel,
  mergeMessages,
} from '../../../src/shared/chat';

const message = (seq: number): ChatMessage => ({
  id: String(seq),
  room: 'R'.repeat(22),
  seq,
  author: 'member',
  authorName: null,
  kind: 'text',
  text: String(seq),
  image: null,
  clientId: null,
  createdAt: '2026-11-26T08:00:00.000Z',
});

describe('chat text (issue 16: plain text, counted as a person counts)', () => {
  it('refuses empty, too long and control characters, with their own codes', () => {
    expect(checkChatText('  \n ')).toBe('chat_text_required');
    expect(checkChatText('x'.repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(checkChatText('x'.repeat(CHAT_TEXT_MAX + 1))).toBe('chat_text_too_long');
    // A flag is one character; a letter with its marks is one.
    expect(checkChatText('🇻🇳'.repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(checkChatText('e\u0323\u0302'.repeat(CHAT_TEXT_MAX))).toBeNull();
    // …but not hundreds of marks on one letter.
    expect(checkChatText(`a${'\u0301'.repeat(20_000)}`)).toBe('chat_text_too_long');
    expect(checkChatText('ring\u0007')).toBe('chat_text_invalid');
    // Text-direction controls would show a message's words in another order than sent.
    expect(checkChatText('pay \u202Eevil')).toBe('chat_text_invalid');
    expect(checkChatText('a \u2067b\u2069')).toBe('chat_text_invalid');
    expect(checkChatText('line\nbreak\tand tab')).toBeNull();
    // Markup is text like any other (the page never renders it as HTML).
    expect(checkChatText('<script>alert(1)</script>')).toBeNull();
  });
});

describe('merging messages by seq', () => {
  it('holds every seq once, in order, whatever order and repeats they arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 80 }), (arrivals) => {
        let list: readonly ChatMessage[] = [];
        for (const seq of arrivals) list = mergeMessages(list, [message(seq)]);
        const expected = [...new Set(arrivals)].sort((a, b) => a - b);
        expect(list.map((m) => m.seq)).toEqual(expected);
      }),
    );
  });

  it('answers the same list when nothing is new', () => {
    const list = mergeMessages([], [message(1), message(2)]);
    expect(mergeMessages(list, [message(2)])).toBe(list);
  });

  it('knows the last seq held with none missing before it (what a catch-up asks after)', () => {
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([1, 2, 3].map(message))).toBe(3);
    expect(contiguousSeq([1, 2, 4, 5].map(message))).toBe(2);
    expect(contiguousSeq([2, 3].map(message))).toBe(0);
  });

  it('labels a guest by its room only', () => {
    expect(guestLabel('ab_defghijklmnopqrstuv')).toBe('Guest AB_D');
  });
});
