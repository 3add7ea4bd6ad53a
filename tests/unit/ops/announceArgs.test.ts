import { describe, expect, it } from 'vitest';
import { perLanguage } from '../../../server/ops/announceArgs';

describe('npm run ops -- announce: --title/--body LANG=text', () => {
  it('reads each language once, upper-cased', () => {
    expect(perLanguage('title', ['EN=Hello', 'es=Hola', 'PT=Olá = oi'])).toEqual({
      EN: 'Hello',
      ES: 'Hola',
      PT: 'Olá = oi',
    });
  });

  it('refuses a text without its language and a language given twice', () => {
    expect(() => perLanguage('title', ['Hello'])).toThrow(/--title Hello: write it as LANG=text/);
    expect(() => perLanguage('body', ['EN=a', 'en=b'])).toThrow(/--body: EN given twice/);
  });
});
