import en from '../../../src/i18n/locales/en.json' with { type: 'json' };
import es from '../../../src/i18n/locales/es.json' with { type: 'json' };
import ja from '../../../src/i18n/locales/ja.json' with { type: 'json' };
import ko from '../../../src/i18n/locales/ko.json' with { type: 'json' };
import pt from '../../../src/i18n/locales/pt.json' with { type: 'json' };
import th from '../../../src/i18n/locales/th.json' with { type: 'json' };
import vi from '../../../src/i18n/locales/vi.json' with { type: 'json' };
import zh from '../../../src/i18n/locales/zh.json' with { type: 'json' };
import { BANNER_HEIGHT, BANNER_WIDTH } from '../../../src/shared/banner';

interface HomeTexts {
  home?: { welcome?: string; tagline?: string };
}

/** The first page's texts of every language the build ships (src/i18n/locales/*.json). */
export const FIRST_PAINT_TEXTS: Readonly<Record<string, HomeTexts>> = {
  en,
  es,
  ja,
  ko,
  pt,
  th,
  vi,
  zh,
};

/** The element's id; the page removes it once its own first screen is on (src/ui/core/loader.ts). */
export const FIRST_PAINT_ID = 'first-paint';

const escapeText = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** i18next's `{{name}}` interpolation, for the one text that has it. */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');

/**
 * The home page's first screen as plain HTML, drawn before any script has run: the header (the
 * menu button and the brand, no actions: the server does not know whether a member is logged
 * in), the welcome and the first banner, with the page's own classes so the stylesheet lays
 * them out where the app will draw them. It lies over the app (and its loader) on a phone's
 * width, hidden from assistive technology and from input, until the app's first screen is on
 * (the page then removes it in the same frame), so a phone on a slow network sees the page
 * about a second sooner. Wider screens keep the loader: their layout depends on the side
 * menu's remembered state, which only the page knows.
 */
export function homeFirstPaint(options: {
  language: string;
  brand: string;
  image: string;
}): string {
  const texts = FIRST_PAINT_TEXTS[options.language.toLowerCase()]?.home;
  const fallback = FIRST_PAINT_TEXTS.en!.home!;
  const welcome = interpolate(texts?.welcome ?? fallback.welcome ?? '', { brand: options.brand });
  const tagline = texts?.tagline ?? fallback.tagline ?? '';
  return [
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert>`,
    '<div class="shell" data-side-menu="closed" data-layout="phone">',
    '<div class="site-header">',
    '<span class="icon-button"><svg class="icon" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M4 6h16M4 12h16M4 18h16"></path></svg></span>',
    `<span class="brand"><span class="brand-mark">✦</span><span class="brand-name">${escapeText(options.brand)}</span></span>`,
    '</div>',
    '<div class="first-paint-main"><div class="home">',
    `<div class="hero"><h1>${escapeText(welcome)}</h1><p>${escapeText(tagline)}</p></div>`,
    `<div class="banner-carousel"><img class="banner-image" src="${escapeText(options.image)}" alt="" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fetchpriority="high"></div>`,
    '</div></div></div></div>',
  ].join('');
}
