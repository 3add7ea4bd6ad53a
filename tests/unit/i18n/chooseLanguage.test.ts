import { describe, expect, it } from 'vitest';
import { chooseLanguage, deviceLanguageCode } from '../../../src/i18n/chooseLanguage';

const supported = ['EN', 'ES', 'KO', 'TW'];

describe('chooseLanguage', () => {
  it('takes the stored hisLang first when the brand offers it', () => {
    expect(
      chooseLanguage({ stored: 'ko', deviceLanguages: ['es-MX'], supported, brandDefault: 'EN' }),
    ).toBe('KO');
  });
  it('then the first device language the brand offers', () => {
    expect(
      chooseLanguage({
        stored: 'FR',
        deviceLanguages: ['fr-FR', 'es-MX'],
        supported,
        brandDefault: 'EN',
      }),
    ).toBe('ES');
  });
  it('then the brand default', () => {
    expect(
      chooseLanguage({ stored: null, deviceLanguages: ['de-DE'], supported, brandDefault: 'ES' }),
    ).toBe('ES');
  });
  it('maps traditional Chinese device tags to TW', () => {
    expect(deviceLanguageCode('zh-TW')).toBe('TW');
    expect(deviceLanguageCode('zh-CN')).toBe('ZH');
    expect(
      chooseLanguage({ stored: null, deviceLanguages: ['zh-Hant'], supported, brandDefault: 'EN' }),
    ).toBe('TW');
  });
});

describe('a language the brand does not offer', () => {
  const offered = ['EN', 'ES', 'ZH'];
  it('reads traditional Chinese as simplified Chinese before the next device language', () => {
    for (const tag of ['zh-TW', 'zh-Hant', 'zh-HK']) {
      expect(
        chooseLanguage({
          stored: null,
          deviceLanguages: [tag, 'es-ES'],
          supported: offered,
          brandDefault: 'EN',
        }),
      ).toBe('ZH');
    }
  });
  it('takes a stored TW (from when it was offered) as ZH', () => {
    expect(
      chooseLanguage({ stored: 'TW', deviceLanguages: [], supported: offered, brandDefault: 'EN' }),
    ).toBe('ZH');
  });
  it('falls to the brand default when no relative is offered', () => {
    expect(
      chooseLanguage({
        stored: 'FR',
        deviceLanguages: ['de-DE'],
        supported: offered,
        brandDefault: 'ES',
      }),
    ).toBe('ES');
  });
});
