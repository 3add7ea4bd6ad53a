import type { HelpArticle, HelpBlock, HelpSection } from '../../shared/help';

/**
 * The help centre's search: as the person types, articles whose title or body hold every word
 * of the query, ignoring case and accents ("depósito" finds "deposito" and the other way
 * round). Accents are dropped only from Latin, Greek and Cyrillic letters: in Thai the marks
 * are the vowels, and in Japanese a voicing mark makes another word.
 */

/** Letters that carry their accent in the letter itself, not as a separate mark. */
const folded: Record<string, string> = {
  đ: 'd',
  ł: 'l',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
};

const ACCENTED = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

/** Text as the search compares it: compatibility forms unified, lower case, accents dropped. */
export function foldForSearch(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(ACCENTED, '$1')
      // Recomposes what kept its marks (kana with voicing marks, Thai).
      .normalize('NFC')
      .toLowerCase()
      .replace(/[đłøßæœı]/g, (letter) => folded[letter] ?? letter)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The words of a query (empty when it is blank). */
export function queryWords(query: string): string[] {
  const text = foldForSearch(query);
  return text ? text.split(' ') : [];
}

const blockText = (block: HelpBlock): string =>
  typeof block === 'string' ? block : block.join(' ');

/** An article's searchable text: its title and its body. */
export function articleText(article: Pick<HelpArticle, 'title' | 'body'>): string {
  return foldForSearch([article.title, ...article.body.map(blockText)].join(' '));
}

/** Keeps the sections that have a matching article, with only those articles. */
export function searchHelp(
  sections: readonly HelpSection[],
  query: string,
): { sections: HelpSection[]; matches: number } {
  const words = queryWords(query);
  if (words.length === 0) {
    const all = [...sections];
    return { sections: all, matches: all.reduce((sum, one) => sum + one.articles.length, 0) };
  }
  let matches = 0;
  const found = sections.flatMap((section) => {
    const articles = section.articles.filter((article) => {
      const text = articleText(article);
      return words.every((word) => text.includes(word));
    });
    matches += articles.length;
    return articles.length > 0 ? [{ ...section, articles }] : [];
  });
  return { sections: found, matches };
}
