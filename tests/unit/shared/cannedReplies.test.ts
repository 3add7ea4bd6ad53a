import { describe, expect, it } from 'vitest';
import { CANNED_REPLY_IDS, insertCannedReply } from '../../../src/shared/cannedReplies';
import en from '../../../src/i18n/locales/sections/en.json';
import zh from '../../../src/i18n/locales/sections/zh.json';

describe('canned replies', () => {
  it('fills an empty (or blank) reply box with the reply', () => {
    expect(insertCannedReply('', 'Hello')).toBe('Hello');
    expect(insertCannedReply('  \n', 'Hello')).toBe('Hello');
  });

  it('keeps what the agent typed and puts the reply after it on a new paragraph', () => {
    expect(insertCannedReply('Hi Ana,  ', 'Withdrawals take 30 minutes.')).toBe(
      'Hi Ana,\n\nWithdrawals take 30 minutes.',
    );
    expect(insertCannedReply(insertCannedReply('', 'A'), 'B')).toBe('A\n\nB');
  });

  it('has a label and a text for every reply in English and in another locale', () => {
    for (const id of CANNED_REPLY_IDS) {
      for (const bundle of [en, zh]) {
        const reply = bundle.support.canned[id];
        expect(reply?.label, id).toBeTruthy();
        expect(reply?.text, id).toBeTruthy();
      }
    }
  });
});
