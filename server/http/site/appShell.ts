import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseLanguage } from '../../../src/i18n/chooseLanguage';
import type { PopupExecution } from '../../../src/shared/announcements';
import type { PlatformConfig } from '../../config/schema';
import { listAnnouncements } from '../../domain/announcements/listAnnouncements';
import type { AppDeps } from '../../deps';
import { THEME_STORAGE_KEY } from '../../../src/shared/theme';
import { earlyCallsScript } from '../../../src/shared/earlyCalls';
import { bootAnswers, routePath } from './bootAnswers';
import { homeFirstPaint } from './firstPaint';
import {
  acceptedLanguages,
  compressTextSync,
  matchesEtag,
  preferredEncoding,
  strongEtag,
  type ShellEncoding,
} from './negotiation';

export type ShellDeps = Pick<
  AppDeps,
  'config' | 'staticDir' | 'maintenance' | 'region' | 'visitorOf'
>;

/** Client paths that show the home page and its banner carousel (src/ui/app/routes.tsx). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

/** The banner group the home page shows (src/ui/home/HomeLobby.tsx). */
const HOME_BANNER_GROUP = 'w_home';

/** Below this the shell goes uncompressed, as the compress plugin does (its threshold). */
const COMPRESS_FROM_BYTES = 1024;

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function isHomePath(url: string): boolean {
  return HOME_PATHS.has(routePath(url));
}

/**
 * The language the page will settle on, as far as the server can tell: the `Language` header
 * when it names an offered language (server/http/language.ts), else what the client's own choice
 * gives with nothing stored (src/i18n/chooseLanguage.ts: the device languages, which the browser
 * sends as Accept-Language, among the brand's; else EN, which main.tsx starts with, when the
 * brand offers it; else the brand's default). A stored choice (local storage) is the client's
 * to apply.
 */
export function shellLanguage(request: FastifyRequest, config: PlatformConfig): string {
  const { languages, defaultLanguage } = config.brand;
  const header = request.headers.language;
  const named = typeof header === 'string' ? header.toUpperCase() : '';
  if (languages.includes(named)) return named;
  return chooseLanguage({
    stored: null,
    deviceLanguages: acceptedLanguages(request.headers['accept-language']),
    supported: languages,
    brandDefault: languages.includes('EN') ? 'EN' : defaultLanguage,
  });
}

/**
 * The image of the home page's first w_home banner in `language`: what BannerSlide renders first
 * (one `<img src={banner.url}>` for every screen size, no `<picture>`). Null when there is none.
 */
export function homeBannerImage(config: PlatformConfig, language: string): string | null {
  const { banners } = listAnnouncements(config.announcements, {
    types: new Set(['B']),
    executions: new Set<PopupExecution>(),
    language,
  });
  return banners.find((banner) => banner.groupName === HOME_BANNER_GROUP)?.url ?? null;
}

/**
 * Sets the remembered (or the device's) theme on <html> before anything is painted, as the
 * page's own start does (src/ui/core/theme.ts) once its scripts have run: without it a dark
 * page would first paint light. Allowed by its hash in the Content-Security-Policy (app.ts).
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});document.documentElement.dataset.theme=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}`;

/** The CSP source that allows THEME_SCRIPT. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/**
 * With a stored session, asks for the member's info and announcements while the app's scripts
 * are on their way (src/shared/earlyCalls.ts); after the boot answers, whose status it reads.
 */
export const EARLY_CALLS_SCRIPT = earlyCallsScript();

/** The CSP source that allows EARLY_CALLS_SCRIPT. */
export const EARLY_CALLS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_CALLS_SCRIPT).digest('base64')}'`;

/** The offered languages written right to left (the client sets `dir` from i18next's list). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'ur']);

/**
 * index.html with `lang` (and `dir="rtl"` for a right-to-left language) on <html> and, when
 * given, a high-priority preload of `image` and module preloads of `modules` (the language's
 * texts, which main.tsx otherwise asks for only once the entry script has run).
 */
export function renderShell(
  template: string,
  lang: string,
  image: string | null,
  modules: readonly string[] = [],
  headExtra: readonly string[] = [],
  firstPaint: string | null = null,
): string {
  let html = template.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const rest = attributes.replace(/\s+(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]*)/gi, '');
    const dir = RIGHT_TO_LEFT.has(lang) ? ' dir="rtl"' : '';
    return `<html lang="${escapeAttribute(lang)}"${dir}${rest}>`;
  });
  const links = modules.map(
    (module) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(module)}">`,
  );
  if (image !== null) {
    // data-home-banner: the carousel shows this image while the announcements are on their way.
    links.push(
      `<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high" data-home-banner>`,
    );
  }
  links.push(...headExtra);
  if (links.length > 0) {
    html = html.replace(
      /([ \t]*)<\/head>/i,
      (_tag, indent: string) =>
        `${links.map((link) => `${indent}  ${link}\n`).join('')}${indent}</head>`,
    );
  }
  if (firstPaint !== null) {
    html = html.replace(/<div id="root">/i, (root) => `${firstPaint}${root}`);
  }
  return html;
}

interface ShellFile {
  mtimeMs: number;
  size: number;
  html: string;
}

/** index.html per site folder, read once and again only when the file changes (a rebuild). */
const templates = new Map<string, ShellFile>();

async function shellTemplate(staticDir: string): Promise<string> {
  const file = path.join(staticDir, 'index.html');
  const info = await stat(file);
  const cached = templates.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.html;
  const html = await readFile(file, 'utf8');
  templates.set(file, { mtimeMs: info.mtimeMs, size: info.size, html });
  return html;
}

/** Vite's build manifest (build.manifest): source file → its built chunk and what it imports. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
const manifests = new Map<string, { mtimeMs: number; manifest: BuildManifest }>();

/** dist/.vite/manifest.json, read once per build; empty when the build wrote none. */
async function buildManifest(staticDir: string): Promise<BuildManifest> {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  try {
    const info = await stat(file);
    const cached = manifests.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.manifest;
    const manifest = JSON.parse(await readFile(file, 'utf8')) as BuildManifest;
    manifests.set(file, { mtimeMs: info.mtimeMs, manifest });
    return manifest;
  } catch {
    return {};
  }
}

/**
 * The chunks of the texts main.tsx loads before the first render (src/i18n/setup.ts): the
 * page's language and English, the fallback.
 */
export function localeModules(manifest: BuildManifest, language: string): string[] {
  const wanted = [...new Set([language.toLowerCase(), 'en'])];
  return wanted.flatMap((lang) => {
    const chunk = manifest[`src/i18n/locales/${lang}.json`];
    return chunk ? [`/${chunk.file}`] : [];
  });
}

/**
 * The lazy section each client route shows (src/ui/app/routes.tsx and sections.ts; a test holds
 * this list to them). The section's chunks — with the feature modules and API clients it
 * imports (src/app/features), so a game list's client comes with it — and the sections' texts
 * are preloaded with the page, so the route's content does not wait for the entry script to ask
 * for them, nor its first call for its client.
 */
export const ROUTE_SECTIONS: readonly (readonly [RegExp, string])[] = [
  [/^\/(rng|live|fish|pvp)$/, 'src/ui/games/pages/GameListPage.tsx'],
  [/^\/(sports|esports|lott|elott)$/, 'src/ui/games/pages/GameCenterPage.tsx'],
  [/^\/(favorite|recent)$/, 'src/ui/games/pages/AccountGamePage.tsx'],
  [/^\/(lottery|sealottery|vnlottery)$/, 'src/ui/games/pages/LotteryPage.tsx'],
  [/^\/seamless$/, 'src/ui/games/pages/SeamlessPage.tsx'],
  [/^\/downloads\/[^/]+$/, 'src/ui/downloads/DownloadPage.tsx'],
  // The member centre's calls of its own first screen need no client of their own; the badges'
  // and the reality check's come after it (src/ui/core/firstScreen.ts).
  [/^\/member(\/[^/]+)?$/, 'src/ui/member/MemberCenterPage.tsx'],
  [/^\/promotions$/, 'src/ui/promotions/PromotionsPage.tsx'],
  [/^\/pointmall$/, 'src/ui/promotions/PointMallPage.tsx'],
  [/^\/agent$/, 'src/ui/agent/AgentLandingPage.tsx'],
  [/^\/agenthome(\/[^/]+)?$/, 'src/ui/agent/AgentHomePage.tsx'],
  [/^\/helpmc$/, 'src/ui/help/HelpCentrePage.tsx'],
  [/^\/chat(\/[^/]+)?$/, 'src/ui/chat/ChatPage.tsx'],
  [/^\/support$/, 'src/ui/chat/SupportConsolePage.tsx'],
  [/^\/backoffice(\/[a-z]+)?$/, 'src/ui/backOffice/BackOfficePage.tsx'],
];

/**
 * The chunks a route's lazy section needs (its own and its imports, less what the page's
 * entry already loads) and the sections' texts in `language` and English; none for a route
 * without a section (home, the popups' routes, unknown paths).
 */
export function routeModules(manifest: BuildManifest, url: string, language: string): string[] {
  const chunks = routeChunks(manifest, url);
  if (chunks.length === 0) return [];
  const texts = [...new Set([language.toLowerCase(), 'en'])]
    .map((lang) => manifest[`src/i18n/locales/sections/${lang}.json`])
    .filter((chunk) => chunk !== undefined);
  return [
    ...chunks.map((key) => `/${manifest[key]!.file}`),
    ...texts.map((chunk) => `/${chunk.file}`),
  ];
}

/**
 * Routes only a logged-in member sees (the app's guard sends a guest to the login): the
 * member's after-login pop-up is likely there, and it opens with the page (on a phone a
 * full-height sheet, the first thing seen), so its code and the sanitiser of its HTML come with
 * the first download instead of after the announcements' answer.
 */
const MEMBER_ROUTES =
  /^\/(member(\/[^/]+)?|favorite|recent|lottery|sealottery|vnlottery|seamless|agenthome(\/[^/]+)?)$/;
/** The pop-ups' chunk (vite.config.ts's `popups` group) and the sanitiser's, by manifest key. */
const POPUP_CODE = [/^_popups-[\w-]+\.js$/, /^node_modules\/dompurify\/dist\/purify\.es\.mjs$/];

/** The pop-ups' code on a member-only route (less what the entry loads); none elsewhere. */
export function memberRouteModules(manifest: BuildManifest, url: string): string[] {
  if (!MEMBER_ROUTES.test(routePath(url))) return [];
  const entry = new Set<string>();
  const walk = (key: string) => {
    if (entry.has(key) || !manifest[key]) return;
    entry.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk('index.html');
  return Object.keys(manifest)
    .filter((key) => POPUP_CODE.some((pattern) => pattern.test(key)) && !entry.has(key))
    .map((key) => `/${manifest[key]!.file}`);
}

/**
 * The stylesheets of a route's section the entry does not load: linked with the page, so they
 * come with the first download instead of after the entry script asks for the section (which
 * waits for them). The app's loader finds them linked and does not ask again.
 */
export function routeStyles(manifest: BuildManifest, url: string): string[] {
  const entry = new Set(manifest['index.html']?.css ?? []);
  const styles = routeChunks(manifest, url).flatMap((key) => manifest[key]!.css ?? []);
  return [...new Set(styles)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
}

/** The manifest keys of a route's section and what it imports, less what the entry loads. */
function routeChunks(manifest: BuildManifest, url: string): string[] {
  const path = routePath(url);
  const [, source] = ROUTE_SECTIONS.find(([pattern]) => pattern.test(path)) ?? [];
  if (!source || !manifest[source]) return [];
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  const loaded = new Set<string>();
  walk('index.html', loaded);
  const needed = new Set<string>();
  walk(source, needed);
  return [...needed].filter((key) => !loaded.has(key));
}

interface ShellVariant {
  etag: string;
  bodies: { identity: Buffer } & Partial<Record<ShellEncoding, Buffer>>;
}

/**
 * Rendered shells, each compressed once. The visitor's status makes most of them a visitor's
 * own (its address is in it), so the compression is a quick one: a shell is a few kilobytes,
 * where the best quality gains a few bytes for milliseconds of the server's time.
 */
const variants = new Map<string, ShellVariant>();
const MAX_VARIANTS = 256;

function variantOf(html: string): ShellVariant {
  let variant = variants.get(html);
  if (variant) return variant;
  const identity = Buffer.from(html, 'utf8');
  variant = { etag: `W/${strongEtag(identity, 22)}`, bodies: { identity } };
  if (identity.length >= COMPRESS_FROM_BYTES) {
    variant.bodies.br = compressTextSync(identity, 'br', 6);
    variant.bodies.gzip = compressTextSync(identity, 'gzip', 6);
  }
  if (variants.size >= MAX_VARIANTS) variants.clear();
  variants.set(html, variant);
  return variant;
}

/**
 * Answers a client route (and `/`) with the app's HTML: dist/index.html with the visitor's
 * `lang` and, on the home page, a preload of the first banner, so its download starts with the
 * scripts' instead of after them. Never cached without asking (`no-cache`; an ETag makes the
 * check a 304); compressed here, once per variant, because the not-found handler that serves
 * most client routes is outside the compress plugin's reach.
 */
export async function sendAppShell(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ShellDeps,
): Promise<FastifyReply> {
  if (!deps.staticDir) throw new Error('sendAppShell needs the built site (staticDir).');
  // A hashed file that is not there (an old build's chunk) must fail as one, not as HTML.
  if (routePath(request.url).startsWith('/assets/')) {
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send('Not found');
  }
  const language = shellLanguage(request, deps.config);
  // In maintenance or for a restricted visitor the page shows a notice, not the home banners.
  const showsHome =
    isHomePath(request.url) &&
    !deps.maintenance.get().enabled &&
    !deps.region.isRestricted(deps.visitorOf(request.raw));
  const image = showsHome ? homeBannerImage(deps.config, language) : null;
  const manifest = await buildManifest(deps.staticDir);
  const modules = [
    ...localeModules(manifest, language),
    ...routeModules(manifest, request.url, language),
    ...memberRouteModules(manifest, request.url),
  ];
  const boot = await bootAnswers(request, deps, language);
  const html = renderShell(
    await shellTemplate(deps.staticDir),
    language.toLowerCase(),
    image,
    modules,
    [
      ...routeStyles(manifest, request.url).map(
        (href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`,
      ),
      `<script>${THEME_SCRIPT}</script>`,
      boot.script,
      `<script>${EARLY_CALLS_SCRIPT}</script>`,
      ...boot.images.map(
        (src) =>
          `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high">`,
      ),
    ],
    image === null
      ? boot.firstPaint
      : homeFirstPaint({ language, brand: deps.config.brand.name, image }),
  );
  const variant = variantOf(html);

  reply
    .type('text/html; charset=utf-8')
    // Private: the page carries the visitor's own status (their address), which no shared cache
    // may keep for another.
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Accept-Language, Language')
    .header('etag', variant.etag);
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) {
    return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? variant.bodies[encoding] : undefined;
  if (encoding && body) {
    return reply.header('content-encoding', encoding).send(body);
  }
  return reply.send(variant.bodies.identity);
}
