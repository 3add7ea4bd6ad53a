import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformConfigSchema } from '../../../server/config/schema';
import { completeLanguages } from '../../../src/shared/languages';

const main = import.meta.glob('../../../src/i18n/locales/*.json');
const sections = import.meta.glob('../../../src/i18n/locales/sections/*.json');
const codesOf = (files: Record<string, unknown>) =>
  Object.keys(files)
    .map((file) => file.split('/').pop()!.replace('.json', '').toUpperCase())
    .sort();
const shipped = JSON.parse(readFileSync('config/platform.json', 'utf8')) as {
  brand: { languages: string[]; defaultLanguage: string };
};

/**
 * Issue 16: every language the selector offers is complete. The complete ones are exactly the
 * languages with both locale files (whose completeness locales.test.ts holds), the shipped
 * configuration offers only those, and a configuration offering another is refused at start.
 */
describe('offered languages', () => {
  it('the complete languages are the ones with both locale files', () => {
    expect([...completeLanguages].sort()).toEqual(codesOf(main));
    expect([...completeLanguages].sort()).toEqual(codesOf(sections));
  });

  it('the shipped configuration offers every complete language and no other', () => {
    expect([...shipped.brand.languages].sort()).toEqual([...completeLanguages].sort());
  });

  it('a configuration offering an incomplete language is refused, naming it', () => {
    const config = JSON.parse(readFileSync('config/platform.json', 'utf8')) as {
      brand: { languages: string[] };
    };
    config.brand.languages = [...config.brand.languages, 'TW', 'FR'];
    const parsed = platformConfigSchema.safeParse(config);
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toContain(
      'brand.languages.8: TW has no complete texts; offer only EN, ES, PT, KO, JA, ZH, VI, TH',
    );
    expect(messages.some((message) => message.startsWith('brand.languages.9: FR'))).toBe(true);
  });
});
