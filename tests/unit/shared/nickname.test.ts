import { describe, expect, it } from 'vitest';
import { nicknameProblem } from '../../../src/shared/fieldRules';

describe('nickname rule (issue 11)', () => {
  it('refuses markup and names that pass for staff, in any case or spacing', () => {
    for (const name of [
      'Customer Service',
      'c.u.s.t.o.m.e.r service',
      'SUPPORT team',
      'the_admin',
      'Official',
      '客服',
      '<img src=x>',
      'a"b',
      'tab\there',
    ])
      expect(nicknameProblem(name), name).toBe('nickname_not_allowed');
  });

  it('takes ordinary names', () => {
    for (const name of ['Lucky Seven', 'Nguyễn Văn A', '王小明', 'Ana-María', 'jp_88'])
      expect(nicknameProblem(name), name).toBeNull();
  });
});
