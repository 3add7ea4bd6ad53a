import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { knownLanguages } from '../../../src/shared/languages';
import type { HelpBlock } from '../../../src/shared/help';

/**
 * The help centre's texts: one file per language in `config/help/<code>.json` (en.json, es.json,
 * …), which the operator edits without touching code; read and checked once at start, so a typo
 * stops the server with a readable list instead of showing a broken page.
 *
 * English is the reference: it fixes the sections, their articles and their order. Another
 * language translates any of them by id (a missing one is shown in English); an id English does
 * not have is a typo and refused. Texts may name the platform's real limits as `{{placeholder}}`
 * (see helpFacts.ts), so the help never disagrees with the configuration.
 */

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes');
const text = z.string().trim().min(1).max(4000);
const block = z.union([text, z.array(text).min(1).max(30)]);

const articleSchema = z
  .object({ id, title: text.max(200), body: z.array(block).min(1).max(40) })
  .strict();
const sectionSchema = z
  .object({ id, title: text.max(200), articles: z.array(articleSchema).max(60) })
  .strict();
const fileSchema = z.object({ sections: z.array(sectionSchema).max(40) }).strict();

export type HelpFile = z.infer<typeof fileSchema>;
/** The files by language code (upper case, as the spec writes them: EN, ES, …). */
export type HelpContent = ReadonlyMap<string, HelpFile>;

/** The default folder, beside config/platform.json. */
export const HELP_CONTENT_DIR = 'config/help';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9]+)\s*\}\}/g;

/** Every `{{name}}` in a text. */
export function placeholdersIn(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** Replaces each `{{name}}` with its fact (all names were checked at load). */
export function fillPlaceholders(value: string, facts: Readonly<Record<string, string>>): string {
  return value.replace(PLACEHOLDER, (whole, name: string) => facts[name] ?? whole);
}

const textsOf = (file: HelpFile): string[] =>
  file.sections.flatMap((section) => [
    section.title,
    ...section.articles.flatMap((article) => [
      article.title,
      ...article.body.flatMap((one: HelpBlock) => (typeof one === 'string' ? [one] : one)),
    ]),
  ]);

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((one, index) => ids.indexOf(one) !== index);
}

/** What is wrong with a set of files (empty when they are usable). */
export function checkHelpContent(
  content: HelpContent,
  knownPlaceholders: readonly string[],
): string[] {
  const problems: string[] = [];
  const english = content.get('EN');
  if (!english) return ['en.json is missing: English is the reference every language falls to'];
  const known = new Set(knownPlaceholders);
  const englishArticles = new Map(
    english.sections.map((section) => [
      section.id,
      new Set(section.articles.map((article) => article.id)),
    ]),
  );
  for (const [language, file] of content) {
    const where = `${language.toLowerCase()}.json`;
    for (const twice of duplicates(file.sections.map((section) => section.id))) {
      problems.push(`${where}: section "${twice}" appears twice`);
    }
    for (const section of file.sections) {
      const articles = englishArticles.get(section.id);
      if (!articles) problems.push(`${where}: section "${section.id}" is not in en.json`);
      for (const twice of duplicates(section.articles.map((article) => article.id))) {
        problems.push(`${where}: article "${section.id}/${twice}" appears twice`);
      }
      for (const article of section.articles) {
        if (articles && !articles.has(article.id)) {
          problems.push(`${where}: article "${section.id}/${article.id}" is not in en.json`);
        }
      }
    }
    for (const name of new Set(textsOf(file).flatMap(placeholdersIn))) {
      if (!known.has(name)) problems.push(`${where}: unknown placeholder {{${name}}}`);
    }
  }
  return problems;
}

/** Reads and checks every `<code>.json` of the folder; throws with every problem found. */
export async function loadHelpContent(
  folder: string,
  knownPlaceholders: readonly string[],
): Promise<HelpContent> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const content = new Map<string, HelpFile>();
  const problems: string[] = [];
  for (const name of names) {
    const code = name.slice(0, -'.json'.length).toUpperCase();
    if (!Object.hasOwn(knownLanguages, code)) {
      problems.push(`${name}: not a known language code`);
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(folder, name), 'utf8'));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 10)) {
        problems.push(`${name}: ${issue.path.join('.')}: ${issue.message}`);
      }
      continue;
    }
    content.set(code, parsed.data);
  }
  if (problems.length === 0) problems.push(...checkHelpContent(content, knownPlaceholders));
  if (problems.length > 0) {
    throw new Error(`Invalid help centre content in ${folder}:\n  ${problems.join('\n  ')}`);
  }
  return content;
}

const loaded = new Map<string, Promise<HelpContent>>();

/** loadHelpContent once per folder and process (tests start many servers in one process). */
export function helpContentOnce(
  folder: string,
  knownPlaceholders: readonly string[],
): Promise<HelpContent> {
  const key = path.resolve(folder);
  let content = loaded.get(key);
  if (!content) {
    content = loadHelpContent(key, knownPlaceholders);
    loaded.set(key, content);
  }
  return content;
}
