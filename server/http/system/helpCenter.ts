import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type HelpArticle,
  type HelpCentre,
  type HelpSection,
  helpLanguageChain,
} from '../../../src/shared/help';
import type { PlatformConfig } from '../../config/schema';
import { fillPlaceholders, type HelpContent, type HelpFile } from '../../domain/help/helpContent';
import { helpFacts } from '../../domain/help/helpFacts';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';

/** Browser tags that do not name their language by the first subtag (spec 9's device aliases). */
const tagAliases: Record<string, string> = { 'ZH-TW': 'TW', 'ZH-HK': 'TW', 'ZH-HANT': 'TW' };

/** `es`, `EN`, `zh-TW`, `pt_BR`: a language code, optionally with a region or script. */
export const helpLanguageParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, 'a language code such as EN or zh-TW');

/** The code a tag asks for: ZH-TW → TW, pt_BR → PT, es → ES. */
export function helpLanguageOf(tag: string): string {
  const upper = tag.toUpperCase().replace('_', '-');
  return tagAliases[upper] ?? upper.split('-')[0]!;
}

/** Spec 7 getHelpV2 (lang, device WEB): `lang` required; the only device is WEB. */
export const helpV2Query = z
  .object({ lang: helpLanguageParam, device: z.literal('WEB').optional() })
  .strict();
/** `GET /wps/system/helpCenter`: `lang` optional (else the Language header, else the default). */
export const helpCenterQuery = z.object({ lang: helpLanguageParam.optional() }).strict();

/** The language a helpCenter request asks for. */
export function helpCenterLanguage(request: FastifyRequest, config: PlatformConfig): string {
  const { lang } = parseInput(helpCenterQuery, request.query);
  return lang ? helpLanguageOf(lang) : requestLanguage(request, config);
}

/**
 * The help centre for one server: its content with the configuration's facts filled in, answered
 * per language. English fixes the sections and their order; every title and article comes from
 * the first language of the chain that has it (helpLanguageChain), so a partly translated
 * language still shows everything. A language with no file at all is answered in its fallback.
 */
export function createHelpCentre(content: HelpContent, config: PlatformConfig) {
  const facts = helpFacts(config);
  const fill = (value: string) => fillPlaceholders(value, facts);
  const english = content.get('EN')!;
  const cache = new Map<string, HelpCentre>();

  const build = (chain: readonly string[]): HelpCentre => {
    const files = chain
      .map((code) => [code, content.get(code)] as const)
      .filter((entry): entry is readonly [string, HelpFile] => entry[1] !== undefined);
    const sectionIn = (file: HelpFile, id: string) => file.sections.find((one) => one.id === id);
    const sections = english.sections.map((reference): HelpSection => {
      const titled = files.find(([, file]) => sectionIn(file, reference.id)) ?? ['EN', english];
      const articles = reference.articles.map((article): HelpArticle => {
        const [language, written] = files
          .map(([code, file]) => {
            const found = sectionIn(file, reference.id)?.articles.find((a) => a.id === article.id);
            return [code, found] as const;
          })
          .find(([, found]) => found !== undefined) ?? ['EN', article];
        const source = written ?? article;
        return {
          id: source.id,
          title: fill(source.title),
          body: source.body.map((block) =>
            typeof block === 'string' ? fill(block) : block.map(fill),
          ),
          language,
        };
      });
      return {
        id: reference.id,
        title: fill(sectionIn(titled[1], reference.id)!.title),
        language: titled[0],
        articles,
      };
    });
    return { language: files[0]?.[0] ?? 'EN', sections };
  };

  return {
    /** The document for a language code (upper case); unknown codes get English. */
    for(language: string): HelpCentre {
      const chain = helpLanguageChain(language);
      const answered = chain.find((code) => content.has(code)) ?? 'EN';
      let document = cache.get(answered);
      if (!document) {
        document = build(chain.slice(chain.indexOf(answered)));
        cache.set(answered, document);
      }
      return document;
    },
  };
}

export type HelpCentreService = ReturnType<typeof createHelpCentre>;
