import en from '../../../src/i18n/locales/en.json' with { type: 'json' };
import es from '../../../src/i18n/locales/es.json' with { type: 'json' };
import ja from '../../../src/i18n/locales/ja.json' with { type: 'json' };
import ko from '../../../src/i18n/locales/ko.json' with { type: 'json' };
import pt from '../../../src/i18n/locales/pt.json' with { type: 'json' };
import th from '../../../src/i18n/locales/th.json' with { type: 'json' };
import vi from '../../../src/i18n/locales/vi.json' with { type: 'json' };
import zh from '../../../src/i18n/locales/zh.json' with { type: 'json' };
import { BANNER_HEIGHT, BANNER_WIDTH } from '../../../src/shared/banner';

interface FirstPaintTexts {
  home?: { welcome?: string; tagline?: string };
  games?: Record<string, string>;
  records?: Record<string, string>;
}

/** The first page's texts of every language the build ships (src/i18n/locales/*.json). */
export const FIRST_PAINT_TEXTS: Readonly<Record<string, FirstPaintTexts>> = {
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
  return framed(
    options.brand,
    [
      '<div class="home">',
      `<div class="hero"><h1>${escapeText(welcome)}</h1><p>${escapeText(tagline)}</p></div>`,
      `<div class="banner-carousel"><img class="banner-image" src="${escapeText(options.image)}" alt="" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fetchpriority="high"></div>`,
      '</div>',
    ].join(''),
  );
}

/**
 * The first screen around `main`: the header as the app draws it for a visitor (the menu button
 * and the brand; no actions: the server does not know whether a member is logged in), hidden
 * from assistive technology and from input.
 */
function framed(brand: string, main: string): string {
  return [
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert>`,
    '<div class="shell" data-side-menu="closed" data-layout="phone">',
    '<div class="site-header">',
    '<span class="icon-button"><svg class="icon" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M4 6h16M4 12h16M4 18h16"></path></svg></span>',
    `<span class="brand"><span class="brand-mark">✦</span><span class="brand-name">${escapeText(brand)}</span></span>`,
    '</div>',
    `<div class="first-paint-main">${main}</div>`,
    '</div></div>',
  ].join('');
}

/** A game card of the first screen: what GameCard draws, its buttons inert. */
export interface FirstPaintCard {
  title: string;
  vendorName: string;
  image: string;
  freeTrial: boolean;
  favourite: boolean;
}

/**
 * A game list's first screen (/rng, /live, /fish, /pvp) as plain HTML, like the home page's
 * (homeFirstPaint): the page's title, the providers' and (slots) the game types' pills, the
 * search and the first cards, whose pictures the page preloads, with the app's own classes and
 * elements so the stylesheet lays them where the app draws them (an e2e test holds the boxes
 * equal). Its controls do nothing: the whole is inert until the app's first screen replaces it.
 */
export function gameListFirstPaint(options: {
  language: string;
  brand: string;
  /** The route's name: rng, live, fish or pvp. */
  type: string;
  vendors: { vassalage: string; displayName: string; hasLogo: boolean }[];
  /** The vendor of the query (?vassalage=), when one. */
  vassalage: string | undefined;
  /** The slots' game types (null on the other lists). */
  subtypes: string[] | null;
  cards: FirstPaintCard[];
}): string {
  const texts = FIRST_PAINT_TEXTS[options.language.toLowerCase()] ?? {};
  const english = FIRST_PAINT_TEXTS.en!;
  const text = (group: 'games' | 'records', key: string) =>
    escapeText(texts[group]?.[key] ?? english[group]?.[key] ?? '');
  const pill = (pressed: boolean, content: string) =>
    `<li><button type="button" class="pill" aria-pressed="${pressed}" tabindex="-1"><span>${content}</span></button></li>`;
  const vendorPills = [
    pill(!options.vassalage, text('records', 'all')),
    ...options.vendors.map((vendor) =>
      pill(
        options.vassalage === vendor.vassalage,
        // The logo's room only: its picture comes with the app, not before the cards' pictures.
        `${vendor.hasLogo ? '<span class="vendor-logo"></span>' : ''}${escapeText(vendor.displayName)}`,
      ),
    ),
  ];
  const subtypes = options.subtypes
    ? `<div class="subtype-tabs"><div class="pill-row"><ul>${[
        pill(true, text('records', 'all')),
        ...options.subtypes.map((code) => pill(false, text('games', `subtype_${code}`))),
      ].join('')}</ul></div></div>`
    : '';
  const cards = options.cards.map((card) =>
    [
      '<article class="game-card">',
      `<div class="lazy-image game-card-image" data-phase="loaded"><img alt="" fetchpriority="high" src="${escapeText(card.image)}"></div>`,
      '<div class="game-card-body">',
      `<h2 class="game-card-name">${escapeText(card.title)}</h2>`,
      `<p class="game-card-vendor">${escapeText(card.vendorName)}</p>`,
      '</div>',
      '<button type="button" class="game-card-play" tabindex="-1"></button>',
      '<div class="game-card-actions">',
      card.freeTrial
        ? `<button type="button" class="game-card-trial" tabindex="-1">${text('games', 'demo')}</button>`
        : '',
      card.favourite
        ? '<button type="button" class="favourite-toggle " tabindex="-1"></button>'
        : '',
      '</div></article>',
    ].join(''),
  );
  return framed(
    options.brand,
    [
      '<div class="section-page game-list-page">',
      `<h1>${text('games', options.type)}</h1>`,
      `<div class="vendor-menu"><div class="pill-row"><ul>${vendorPills.join('')}</ul></div></div>`,
      subtypes,
      '<div class="game-search">',
      `<label class="field"><span class="field-label">${text('games', 'search')}</span><input type="search" tabindex="-1" readonly></label>`,
      `<button type="button" class="button secondary" tabindex="-1"><svg class="icon " width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"></path></svg>${text('records', 'search')}</button>`,
      '</div>',
      `<div class="game-grid-section"><div class="game-grid">${cards.join('')}</div></div>`,
      '</div>',
    ].join(''),
  );
}
