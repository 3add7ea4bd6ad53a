import { describe, expect, it } from 'vitest';
import type { HelpSection } from '../../../../src/shared/help';
import { foldForSearch, queryWords, searchHelp } from '../../../../src/ui/help/helpSearch';

const section = (id: string, articles: [string, string, ...(string | string[])[]][]) =>
  ({
    id,
    title: id,
    language: 'EN',
    articles: articles.map(([articleId, title, ...body]) => ({
      id: articleId,
      title,
      body,
      language: 'EN',
    })),
  }) satisfies HelpSection;

const sections: HelpSection[] = [
  section('deposits', [
    ['how-to-deposit', 'Cómo depositar', 'Cada depósito va de 10.00 a 50000.00 USD.'],
    ['deposit-missing', 'Mi depósito no ha llegado', 'Contacta con atención al cliente.'],
  ]),
  section('withdrawals', [
    ['how-to-withdraw', 'How to withdraw', 'Enter the amount.', ['Payment password', 'Limits']],
  ]),
  section('account', [['trial', 'Tài khoản chơi thử', 'Đăng ký tài khoản thật.']]),
  section('term', [['eligibility', 'การเล่นอย่างรับผิดชอบ', 'ต้องมีอายุ 18 ปีขึ้นไป']]),
  section('games', [['free-trial', 'ゲームを無料で試す', 'ガチャではありません。']]),
];
const ids = (query: string) =>
  searchHelp(sections, query).sections.flatMap((one) => one.articles.map((a) => a.id));

describe('help search', () => {
  it('shows everything for a blank query', () => {
    expect(searchHelp(sections, '   ').matches).toBe(6);
    expect(searchHelp(sections, '').sections).toHaveLength(5);
  });

  it('finds articles by title and by body, ignoring case', () => {
    expect(ids('HOW TO withdraw')).toEqual(['how-to-withdraw']);
    expect(ids('amount')).toEqual(['how-to-withdraw']);
    // Bullet list items are body too.
    expect(ids('payment password')).toEqual(['how-to-withdraw']);
  });

  it('ignores accents both ways', () => {
    expect(ids('deposito')).toEqual(['how-to-deposit', 'deposit-missing']);
    expect(ids('DEPÓSITO')).toEqual(['how-to-deposit', 'deposit-missing']);
    expect(ids('atencion')).toEqual(['deposit-missing']);
    // Vietnamese: đ is its own letter, folded to d; tones are marks.
    expect(ids('dang ky tai khoan')).toEqual(['trial']);
    expect(ids('tai khoan choi thu')).toEqual(['trial']);
  });

  it('needs every word, in any order', () => {
    expect(ids('llegado depósito')).toEqual(['deposit-missing']);
    expect(ids('depósito withdraw')).toEqual([]);
  });

  it('keeps the marks that are letters in Thai and Japanese', () => {
    expect(ids('รับผิดชอบ')).toEqual(['eligibility']);
    expect(ids('ガチャ')).toEqual(['free-trial']);
    // カ is not ガ: the voicing mark is not an accent.
    expect(ids('カチャ')).toEqual([]);
    // Full-width letters are the ordinary ones.
    expect(ids('ＵＳＤ')).toEqual(['how-to-deposit']);
  });

  it('finds nothing for nonsense, and says how many it found', () => {
    expect(searchHelp(sections, 'xqzzv').sections).toEqual([]);
    expect(searchHelp(sections, 'xqzzv').matches).toBe(0);
    expect(searchHelp(sections, 'depósito').matches).toBe(2);
  });

  it('folds text the same way for every query', () => {
    expect(foldForSearch('  Ñandú   ÆSIR Straße  ')).toBe('nandu aesir strasse');
    expect(queryWords(' Retiro  DIARIO ')).toEqual(['retiro', 'diario']);
    expect(queryWords('   ')).toEqual([]);
  });
});
