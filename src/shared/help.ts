/**
 * The help centre (spec 2 /help and /helpmc; spec 7 `GET /wps/system/helpCenter` and the relay
 * getHelpV2). The operator writes it in `config/help/<language>.json`; the server fills in the
 * platform's real limits and answers one document per language.
 */

/** A paragraph, or a bullet list (an array of items). Plain text: never HTML. */
export type HelpBlock = string | readonly string[];

export interface HelpArticle {
  id: string;
  title: string;
  body: readonly HelpBlock[];
  /** The language this article is written in: the document's, or English when not translated. */
  language: string;
}

export interface HelpSection {
  id: string;
  title: string;
  /** The language of the section's title (as for articles). */
  language: string;
  articles: readonly HelpArticle[];
}

export interface HelpCentre {
  /** The language answered: the one asked for when written, else its fallback (EN last). */
  language: string;
  sections: readonly HelpSection[];
}

/** The section `/help#term` opens (spec 2). */
export const TERMS_SECTION_ID = 'term';

/**
 * The languages to try for a requested one, best first: itself, its written sibling (traditional
 * Chinese reads simplified before English), then English.
 */
export function helpLanguageChain(language: string): string[] {
  const siblings: Record<string, string> = { TW: 'ZH' };
  const chain = [language, siblings[language], 'EN'].filter(
    (code): code is string => code !== undefined,
  );
  return [...new Set(chain)];
}
