import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
const textAt = (tree: Tree, key: string) =>
  key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

type Modules = Record<string, { default: Tree }>;
/** Each language's two files (src/i18n/setup.ts): the first page's texts and the sections'. */
const main: Modules = import.meta.glob('../../../src/i18n/locales/*.json', { eager: true });
const sections: Modules = import.meta.glob('../../../src/i18n/locales/sections/*.json', {
  eager: true,
});
const languageOf = (file: string) => file.split('/').pop()!.replace('.json', '');
const byLanguage = (modules: Modules) =>
  new Map(Object.entries(modules).map(([file, module]) => [languageOf(file), module.default]));
const mainTexts = byLanguage(main);
const sectionTexts = byLanguage(sections);
const english = { main: mainTexts.get('en')!, sections: sectionTexts.get('en')! };

describe('locales', () => {
  it('ships eight languages, each with both files', () => {
    expect([...mainTexts.keys()].sort()).toEqual(['en', 'es', 'ja', 'ko', 'pt', 'th', 'vi', 'zh']);
    expect([...sectionTexts.keys()].sort()).toEqual([...mainTexts.keys()].sort());
  });

  it('every translation is complete: every English key in the same file, nothing extra', () => {
    for (const [language, texts] of mainTexts) {
      expect(keys(texts).sort(), `${language}.json`).toEqual(keys(english.main).sort());
    }
    for (const [language, texts] of sectionTexts) {
      expect(keys(texts).sort(), `sections/${language}.json`).toEqual(
        keys(english.sections).sort(),
      );
    }
  });

  it('no key is in both files (the sections namespace is only a fallback)', () => {
    const first = new Set(keys(english.main));
    expect(keys(english.sections).filter((key) => first.has(key))).toEqual([]);
  });

  it('every translation keeps the placeholders of the English text', () => {
    for (const [which, files] of [
      ['main', mainTexts],
      ['sections', sectionTexts],
    ] as const) {
      const source = english[which];
      for (const [language, texts] of files) {
        for (const key of keys(texts)) {
          expect(placeholders(textAt(texts, key)), `${which} ${language}: ${key}`).toEqual(
            placeholders(textAt(source, key)),
          );
        }
      }
    }
  });
});
