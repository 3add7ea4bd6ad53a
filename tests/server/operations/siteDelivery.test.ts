import { localize } from '../../../server/domain/announcements/listAnnouncements';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../build/precompress';
import type { FastifyRequest } from 'fastify';
import {
  EARLY_CALLS_SCRIPT,
  EARLY_CALLS_SCRIPT_HASH,
  memberRouteModules,
  ROUTE_SECTIONS,
  routeModules,
  routeStyles,
  type ShellDeps,
} from '../../../server/http/site/appShell';
import { bootAnswers } from '../../../server/http/site/bootAnswers';
import { FIRST_PAINT_ID } from '../../../server/http/site/firstPaint';
import { answerKey, BOOT_ANSWERS_ID, STATUS_PATH } from '../../../src/shared/bootAnswers';
import type { GameListPage } from '../../../src/shared/games';
import { acceptedLanguages, preferredEncoding } from '../../../server/http/site/negotiation';
import { engines, startTestServer, type TestServer } from '../../support/testServer';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire (fetch would decode them). */
  body: Buffer;
}

/** A request whose answer is not decoded, so the encoding itself can be checked. */
function raw(
  server: TestServer,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decode(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  expect(encoding ?? 'identity').toBe('identity');
  return answer.body.toString('utf8');
}

/** Like Vite's output: a module script and a stylesheet in the head, over 1 KB. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Test site</title>
    <style>
${'      .filler { color: rebeccapurple; }\n'.repeat(40)}    </style>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A script of a few KB that compresses well, as real bundles do. */
const APP_JS = Array.from(
  { length: 120 },
  (_, i) => `export function feature${i}(value) { return value * ${i} + ${i % 7}; }`,
).join('\n');
const LAZY_JS = APP_JS.replaceAll('feature', 'lazyFeature');
const BANNER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400">${Array.from(
  { length: 40 },
  (_, i) => `<rect x="${i * 30}" y="0" width="20" height="400" fill="#e0a526"/>`,
).join('')}</svg>`;

describe('site delivery: compression, caching, robots.txt and the HTML shell', () => {
  let site: string;
  let server: TestServer;

  beforeAll(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'site-'));
    await mkdir(path.join(site, 'assets'));
    await writeFile(path.join(site, 'index.html'), INDEX_HTML);
    await writeFile(path.join(site, 'assets', 'app-abc123.js'), APP_JS);
    await writeFile(path.join(site, 'robots.txt'), await readFile('public/robots.txt'));
    // As the build does (build/precompress.ts); the lazy chunk is added after, without siblings.
    expect(await precompressDir(site)).toEqual([
      path.join('assets', 'app-abc123.js'),
      'index.html',
    ]);
    await writeFile(path.join(site, 'assets', 'lazy-def456.js'), LAZY_JS);
    // The build's manifest (vite build.manifest): where each language's texts went.
    await mkdir(path.join(site, '.vite'));
    await writeFile(
      path.join(site, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/i18n/locales/en.json': { file: 'assets/en-aaa111.js' },
        'src/i18n/locales/es.json': { file: 'assets/es-bbb222.js' },
      }),
    );
    await mkdir(path.join(site, 'banners'));
    await writeFile(path.join(site, 'banners', 'wide.svg'), BANNER_SVG);
    server = await startTestServer(engines[0]!, { staticDir: site });
  });
  afterAll(async () => {
    await server?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('answer the probes themselves, not with the page (they used to get the HTML)', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const reply = await fetch(server.url + url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
  });

  it('send a built script precompressed, brotli or gzip as asked, never compressed twice', async () => {
    const br = await raw(server, '/assets/app-abc123.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The build's own file, byte for byte.
    expect(br.body.equals(await readFile(path.join(site, 'assets', 'app-abc123.js.br')))).toBe(
      true,
    );
    expect(decode(br)).toBe(APP_JS);

    const gzip = await raw(server, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(APP_JS);
    expect(gzip.body.length).toBeLessThan(APP_JS.length / 2);
  });

  it('compress a script or an SVG the build did not precompress on the fly', async () => {
    for (const encoding of ['br', 'gzip']) {
      const answer = await raw(server, '/assets/lazy-def456.js', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(decode(answer)).toBe(LAZY_JS);
      const svg = await raw(server, '/banners/wide.svg', { 'accept-encoding': encoding });
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.headers['content-encoding']).toBe(encoding);
      expect(decode(svg)).toBe(BANNER_SVG);
    }
  });

  it('compress JSON answers of the API', async () => {
    const plain = await raw(server, '/wps/system/status');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Over the 1 KB threshold, or the test would prove nothing.
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected: unknown = JSON.parse(plain.body.toString('utf8'));
    for (const encoding of ['br', 'gzip']) {
      const answer = await raw(server, '/wps/system/status', { 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(answer))).toEqual(expected);
    }
  });

  it('send everything as is to a client that asks for no encoding', async () => {
    for (const pathname of [
      '/assets/app-abc123.js',
      '/wps/system/status',
      '/',
      '/member/deposit',
    ]) {
      const asks: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0' },
      ];
      for (const headers of asks) {
        const answer = await raw(server, pathname, headers);
        expect(answer.status, pathname).toBe(200);
        expect(answer.headers['content-encoding'], pathname).toBeUndefined();
      }
    }
    const script = await raw(server, '/assets/app-abc123.js');
    expect(script.body.toString('utf8')).toBe(APP_JS);
  });

  it('cache hashed assets for a year, pages never without asking, other files for an hour', async () => {
    const asset = await raw(server, '/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const lazy = await raw(server, '/assets/lazy-def456.js');
    expect(lazy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const pathname of [
      '/',
      '/index.html',
      '/home',
      '/member/deposit',
      '/rng',
      '/no/such/page',
    ]) {
      const page = await raw(server, pathname, { 'accept-encoding': 'br, gzip' });
      expect(page.status, pathname).toBe(200);
      expect(page.headers['content-type'], pathname).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], pathname).toBe('private, no-cache');
    }
    for (const pathname of ['/robots.txt', '/banners/wide.svg']) {
      const file = await raw(server, pathname);
      expect(file.headers['cache-control'], pathname).toBe('public, max-age=3600');
    }
  });

  it('answer a missing hashed asset with a 404, not the page', async () => {
    const answer = await raw(server, '/assets/app-old999.js');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('serve robots.txt as text, keeping crawlers off member, agent and API paths', async () => {
    const answer = await raw(server, '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.toString('utf8').split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/member',
      '/agentHome',
      '/wps/',
      '/lgw/',
      '/lotto/',
      '/ops/',
      '/socket.io/',
      '/dev/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });

  it('keep an unknown API path a JSON 404', async () => {
    const answer = await raw(server, '/wps/no-such-call', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decode(answer))).toMatchObject({ success: false, code: 'not_found' });
  });

  it('preload the first home banner on the home page only', async () => {
    const preload = (url: string) =>
      `<link rel="preload" as="image" href="${url}" fetchpriority="high" data-home-banner>`;
    const banner = server.deps.config.announcements.banners.find(
      (entry) => entry.groupName === 'w_home',
    );
    expect(banner).toBeDefined();
    // The creative of the page's language (the default: the requests name none).
    const image = localize(banner!.url, server.deps.config.brand.defaultLanguage);
    for (const pathname of ['/', '/index', '/index.html', '/home', '/Home/']) {
      const answer = await raw(server, pathname, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding']).toBe('br');
      const html = decode(answer);
      expect(html, pathname).toContain(preload(image));
      // Inside the head, and the rest of the page as built.
      expect(html.indexOf(preload(image))).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('<script type="module" crossorigin src="/assets/app-abc123.js">');
    }
    for (const pathname of ['/rng', '/member/deposit', '/login']) {
      const html = decode(await raw(server, pathname, { 'accept-encoding': 'gzip' }));
      expect(html, pathname).not.toContain('data-home-banner');
      // A game list has a first screen of its own (its cards); the others none.
      expect(html.includes(`id="${FIRST_PAINT_ID}"`), pathname).toBe(pathname === '/rng');
      expect(html).toContain('<div id="root"></div>');
    }
    // The HTML keeps the site's Content-Security-Policy.
    const page = await raw(server, '/');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('set the page language from the browser languages the brand offers, else English', async () => {
    const lang = async (headers: Record<string, string>) =>
      /<html lang="([^"]*)"/.exec(decode(await raw(server, '/rng', headers)))?.[1];
    expect(await lang({})).toBe('en');
    expect(await lang({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es');
    // Only complete languages are offered (issue 16): traditional Chinese reads simplified.
    expect(await lang({ 'accept-language': 'xx, zh-TW;q=0.5, de;q=0.7' })).toBe('zh');
    expect(await lang({ 'accept-language': 'zh-TW' })).toBe('zh');
    expect(await lang({ 'accept-language': 'de, es;q=0.5' })).toBe('es');
    expect(await lang({ 'accept-language': 'xx-YY' })).toBe('en');
    expect(await lang({ language: 'KO', 'accept-language': 'es' })).toBe('ko');
    // Arabic is not offered (its texts are not written): English, left to right.
    const arabic = decode(await raw(server, '/rng', { 'accept-language': 'ar-EG' }));
    expect(arabic).toContain('<html lang="en">');
  });

  it('preload the texts of the page language and English with the scripts', async () => {
    const preload = (file: string) =>
      `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
    const english = decode(await raw(server, '/rng'));
    expect(english).toContain(preload('en-aaa111.js'));
    expect(english).not.toContain('es-bbb222.js');
    expect(english.indexOf(preload('en-aaa111.js'))).toBeLessThan(english.indexOf('</head>'));
    const spanish = decode(await raw(server, '/', { 'accept-language': 'es' }));
    expect(spanish).toContain(preload('es-bbb222.js'));
    expect(spanish).toContain(preload('en-aaa111.js'));
    // A language the build has no texts for: English only.
    expect(decode(await raw(server, '/rng', { 'accept-language': 'ko' }))).not.toContain(
      'modulepreload" crossorigin href="/assets/ko',
    );
  });

  it("carry the head's early-calls script after the boot answers, allowed by its hash", async () => {
    for (const pathname of ['/', '/member', '/agentHome']) {
      const answer = await raw(server, pathname, { 'accept-encoding': 'gzip' });
      const html = decode(answer);
      const script = `<script>${EARLY_CALLS_SCRIPT}</script>`;
      expect(html, pathname).toContain(script);
      expect(html.indexOf(BOOT_ANSWERS_ID)).toBeLessThan(html.indexOf(script));
      expect(html.indexOf(script)).toBeLessThan(html.indexOf('</head>'));
      expect(answer.headers['content-security-policy']).toContain(EARLY_CALLS_SCRIPT_HASH);
    }
  });

  it("put the answers of the page's first calls in it, as the API gives them", async () => {
    const answersIn = (html: string) =>
      JSON.parse(
        new RegExp(`<script id="${BOOT_ANSWERS_ID}" type="application/json">(.*?)</script>`).exec(
          html,
        )![1]!,
      ) as Record<string, unknown>;
    const api = async (pathname: string) =>
      ((await (await fetch(`${server.url}${pathname}`)).json()) as { value: unknown }).value;
    const status = await api(STATUS_PATH);
    for (const pathname of ['/', '/member/deposit', '/promotions']) {
      const html = decode(await raw(server, pathname, { 'accept-encoding': 'br' }));
      expect(html.indexOf(BOOT_ANSWERS_ID)).toBeLessThan(html.indexOf('</head>'));
      expect(answersIn(html), pathname).toEqual({ [STATUS_PATH]: status });
    }
    // A game list route: its first page of games too, and its first pictures preloaded.
    const html = decode(await raw(server, '/rng?vassalage=PG', { 'accept-encoding': 'br' }));
    const query = {
      clientType: 3,
      platform: 'html5-desktop',
      merchant: server.deps.config.brand.merchantCode,
      gameType: 'RNG',
      pageNo: 1,
      pageSize: 24,
      language: 'EN',
      vassalage: 'PG',
    };
    const listPath = '/wps/relay/GCSGAME_gameList';
    const list = (await api(
      `${listPath}?${new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      )}`,
    )) as GameListPage;
    expect(list.games.length).toBeGreaterThan(4);
    // And the providers, for its pills.
    const vendorsPath = '/wps/relay/GCSGAME_newGameVendor';
    const vendorQuery = {
      platform: 'html5-desktop',
      merchantCode: server.deps.config.brand.merchantCode,
    };
    const vendors = await api(`${vendorsPath}?${new URLSearchParams(vendorQuery)}`);
    expect(answersIn(html)).toEqual({
      [STATUS_PATH]: status,
      [answerKey(listPath, query)]: list,
      [answerKey(vendorsPath, vendorQuery)]: vendors,
    });
    // Its first screen: the pressed provider, the first four cards with their titles.
    const firstPaint = /<div id="first-paint"[^>]*>(.*?)<div id="root">/s.exec(html)?.[1] ?? '';
    expect(firstPaint).toContain(
      'aria-pressed="true" tabindex="-1"><span><span class="vendor-logo"></span>PG Soft',
    );
    // The cards' pictures only: the providers' logos come with the app.
    expect(firstPaint).not.toContain('VENDOR_ICON');
    expect(
      [...firstPaint.matchAll(/<h2 class="game-card-name">([^<]*)</g)].map((m) => m[1]),
    ).toEqual(list.games.slice(0, 4).map((game) => game.gameName));
    const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(preloads).toHaveLength(4);
    expect(preloads[0]).toContain(list.games[0]!.iconUrl!.replace(/^\/+/, ''));
  });

  it('keep text in an answer from closing its script element', async () => {
    const config = structuredClone(server.deps.config);
    config.brand.name = '</script><script>alert(1)</script>';
    const deps = { ...server.deps, config } as ShellDeps;
    const request = {
      url: '/',
      raw: { socket: { remoteAddress: '127.0.0.1' }, headers: {} },
    };
    const { script } = await bootAnswers(request as unknown as FastifyRequest, deps, 'EN');
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<script>alert');
    const json = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    const answers = JSON.parse(json) as Record<string, { info: { brand: { name: string } } }>;
    expect(answers[STATUS_PATH]!.info.brand.name).toBe(config.brand.name);
  });

  it("draw the home page's first screen in the page, in its language", async () => {
    const spanish = decode(await raw(server, '/', { 'accept-language': 'es' }));
    const firstPaint = new RegExp(
      `<div id="${FIRST_PAINT_ID}"[^>]*>.*?</div></div></div></div>`,
    ).exec(spanish)?.[0];
    expect(firstPaint).toBeDefined();
    expect(firstPaint).toContain('aria-hidden="true" inert');
    expect(firstPaint).toContain(`Bienvenido a ${server.deps.config.brand.name}`);
    expect(spanish.indexOf(firstPaint!)).toBeLessThan(spanish.indexOf('<div id="root">'));
    // No link or button in it: nothing there can take focus or a tap.
    expect(firstPaint).not.toMatch(/<(a|button|input)\b/);
  });

  it('answer HEAD and a matching ETag without the page', async () => {
    const head = await raw(server, '/member/deposit', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body.length).toBe(0);

    const first = await raw(server, '/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await raw(server, '/', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('leave socket.io polling working', async () => {
    const answer = await raw(server, '/socket.io/?EIO=4&transport=polling', {
      'accept-encoding': 'br, gzip',
    });
    expect(answer.status).toBe(200);
    expect(decode(answer)).toMatch(/^0\{/);
  });
});

describe('content negotiation of the HTML shell', () => {
  it('picks brotli, then gzip, honouring weights, * and q=0', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
  });

  it('orders Accept-Language by weight, dropping * and q=0', () => {
    expect(acceptedLanguages('fr;q=0.5, de, *;q=0.1, es;q=0')).toEqual(['de', 'fr']);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe("preloads of a route's lazy section", () => {
  it('name the section of every lazily loaded route of the app', async () => {
    const sections = await readFile('src/ui/app/sections.ts', 'utf8');
    const imported = [...sections.matchAll(/import\('\.\.\/([^']+)'\)/g)].map(
      (match) => `src/ui/${match[1]}.tsx`,
    );
    const listed = ROUTE_SECTIONS.map(([, source]) => source);
    for (const source of listed) {
      expect(existsSync(source), source).toBe(true);
      expect(imported, source).toContain(source);
    }
    // Every section but the development gallery and the pop-ups over every page has its
    // route here.
    expect(imported.filter((source) => !listed.includes(source))).toEqual([
      'src/ui/dev/DevGalleryPage.tsx',
      'src/ui/announcements/AnnouncementPopups.tsx',
    ]);
  });

  it("preload a section's chunks the entry does not load, and the sections' texts", () => {
    const manifest = {
      'index.html': { file: 'assets/main-1.js', imports: ['_shared-2.js'] },
      '_shared-2.js': { file: 'assets/shared-2.js' },
      '_grid-3.js': { file: 'assets/grid-3.js', imports: ['_shared-2.js'] },
      'src/ui/games/pages/GameListPage.tsx': {
        file: 'assets/GameListPage-4.js',
        // The games module and its API client come with the section (src/app/features).
        imports: ['_shared-2.js', 'index.html', '_grid-3.js', '_games-7.js'],
      },
      '_games-7.js': { file: 'assets/games-7.js', imports: ['_shared-2.js'] },
      'src/i18n/locales/sections/en.json': { file: 'assets/en-5.js' },
      'src/i18n/locales/sections/es.json': { file: 'assets/es-6.js' },
    };
    expect(routeModules(manifest, '/RNG?vassalage=PG', 'ES')).toEqual([
      '/assets/GameListPage-4.js',
      '/assets/grid-3.js',
      '/assets/games-7.js',
      '/assets/es-6.js',
      '/assets/en-5.js',
    ]);
    expect(routeModules(manifest, '/', 'EN')).toEqual([]);
    expect(routeModules(manifest, '/no-such-page', 'EN')).toEqual([]);
  });

  it("preload the pop-ups' code on the routes behind a login only", async () => {
    const manifest = {
      'index.html': { file: 'assets/main-1.js', imports: ['_site-2.js'] },
      '_site-2.js': { file: 'assets/site-2.js' },
      '_popups-Ab_3.js': { file: 'assets/popups-Ab_3.js', imports: ['_site-2.js'] },
      'node_modules/dompurify/dist/purify.es.mjs': { file: 'assets/purify.es-4.js' },
    };
    const popupCode = ['/assets/popups-Ab_3.js', '/assets/purify.es-4.js'];
    for (const url of ['/member', '/Member/securityCenter', '/agentHome/messages', '/recent'])
      expect(memberRouteModules(manifest, url), url).toEqual(popupCode);
    for (const url of ['/', '/rng?vassalage=PG', '/login', '/promotions', '/agent', '/chat'])
      expect(memberRouteModules(manifest, url), url).toEqual([]);
    // The list follows the app's guarded routes (src/ui/app/routes.tsx).
    const routes = await readFile('src/ui/app/routes.tsx', 'utf8');
    const guarded = [
      ...routes.matchAll(/path: '([^']+)', element: (?:withAuth|realAccountOnly|agentOnly)\(/g),
    ].map((match) => match[1]!.replace(':page', 'x'));
    expect(guarded.length).toBeGreaterThan(5);
    for (const path of guarded) expect(memberRouteModules(manifest, path), path).toEqual(popupCode);
  });

  it("link a section's stylesheets the entry does not load, once each", () => {
    const manifest = {
      'index.html': {
        file: 'assets/main-1.js',
        imports: ['_kit-2.js'],
        css: ['assets/main-1.css'],
      },
      '_kit-2.js': { file: 'assets/kit-2.js', css: ['assets/main-1.css'] },
      '_chat-3.js': { file: 'assets/chat-3.js', css: ['assets/chat-3.css'] },
      'src/ui/chat/ChatPage.tsx': {
        file: 'assets/ChatPage-4.js',
        imports: ['_kit-2.js', '_chat-3.js'],
        css: ['assets/chat-3.css'],
      },
    };
    expect(routeStyles(manifest, '/chat/room-1')).toEqual(['/assets/chat-3.css']);
    expect(routeStyles(manifest, '/')).toEqual([]);
  });
});
