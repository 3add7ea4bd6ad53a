import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/locales/en.json';
import es from '../../../src/i18n/locales/es.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const others = import.meta.glob<{ default: Tree }>('../../../src/i18n/locales/*.json', {
  eager: true,
});

describe('locales', () => {
  it('Spanish is complete: every English key, nothing extra', () => {
    expect(keys(es as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('every shipped translation is complete: every English key, nothing extra', () => {
    const english = keys(en as Tree).sort();
    expect(Object.keys(others).length).toBeGreaterThanOrEqual(8);
    for (const [file, module] of Object.entries(others)) {
      expect(keys(module.default).sort(), file).toEqual(english);
    }
  });

  it('every translation keeps the placeholders of the English text', () => {
    const english = new Map(
      keys(en as Tree).map((key) => [
        key,
        key
          .split('.')
          .reduce<Tree | string>((node, part) => (node as Tree)[part]!, en as Tree) as string,
      ]),
    );
    for (const [file, module] of Object.entries(others)) {
      for (const key of keys(module.default)) {
        const text = key
          .split('.')
          .reduce<Tree | string>((node, part) => (node as Tree)[part]!, module.default) as string;
        const source = english.get(key);
        expect(source, `${file}: ${key} is not an English key`).toBeDefined();
        expect(placeholders(text), `${file}: ${key}`).toEqual(placeholders(source!));
      }
    }
  });
});
