import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineHtml, offlineTexts } from '../../../build/serviceWorker';
import { platformConfigSchema } from '../../../server/config/schema';
import { apiPrefixes } from '../../../server/http/app';
import { API_PREFIXES } from '../../../src/pwa/swRules';
import type { SystemStatusResponse } from '../../../src/shared/system';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const shipped = JSON.parse(await readFile('config/platform.json', 'utf8')) as Record<
  string,
  unknown
>;

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height (its IHDR chunk). */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** A design token's value in tokens.css for the light (first) or dark theme. */
function token(css: string, name: string, theme: 'light' | 'dark'): string | undefined {
  const [light, dark] = css.split("[data-theme='dark'] {");
  const block = theme === 'light' ? light : dark;
  return block?.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1];
}

describe('the web app manifest (issue 16)', () => {
  it('has what an installer needs, in the design tokens’ colours, with icons that exist', async () => {
    const manifest = JSON.parse(await readFile('public/manifest.webmanifest', 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Aurora Play',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const tokens = await readFile('src/ui/styles/tokens.css', 'utf8');
    expect(manifest.background_color).toBe(token(tokens, 'bg', 'light'));
    expect(manifest.theme_color).toBe(token(tokens, 'surface', 'dark'));
    // index.html's theme-color is the manifest's.
    expect(await readFile('index.html', 'utf8')).toContain(
      `<meta name="theme-color" content="${manifest.theme_color}" />`,
    );
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngs) {
      const [width, height] = pngSize(await readFile(`public${icon.src}`));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const has = (sizes: string, purpose: string) =>
      pngs.some((icon) => icon.sizes === sizes && (icon.purpose ?? 'any').includes(purpose));
    expect(has('192x192', 'any')).toBe(true);
    expect(has('512x512', 'any')).toBe(true);
    expect(has('512x512', 'maskable')).toBe(true);
  });
});

describe('the offline page', () => {
  it("carries every shipped language's texts, escaped, and works without its script", () => {
    const texts = offlineTexts();
    expect(Object.keys(texts).sort()).toEqual(['en', 'es', 'ja', 'ko', 'pt', 'th', 'vi', 'zh']);
    const html = offlineHtml({
      ...texts,
      xx: { title: '</script><b>', body: 'a & b', retry: '"r"' },
    });
    expect(html).toContain(`<h1 data-text="title">${texts.en!.title}</h1>`);
    expect(html).toContain('<a href="" data-text="retry">');
    expect(html).toContain('<script src="/offline.js"></script>');
    // Nothing in a text can end the JSON's script element.
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain(JSON.stringify(texts.ja!.title));
  });
});

describe("the service worker's rules", () => {
  it('leave alone exactly the server’s API prefixes', () => {
    expect([...API_PREFIXES].sort()).toEqual([...apiPrefixes].sort());
  });
});

describe('store links in the configuration', () => {
  it('are absent by default (the web app is offered instead)', () => {
    const parsed = platformConfigSchema.parse(shipped);
    expect(parsed.appStores).toEqual({ ios: null, android: null });
  });

  it('take https store pages and refuse anything else', () => {
    const ok = platformConfigSchema.safeParse({
      ...shipped,
      appStores: { ios: 'https://apps.apple.com/app/id1', android: null },
    });
    expect(ok.success && ok.data.appStores).toEqual({
      ios: 'https://apps.apple.com/app/id1',
      android: null,
    });
    for (const bad of ['http://apps.apple.com/x', 'javascript:alert(1)', '/downloads/ios', '']) {
      const parsed = platformConfigSchema.safeParse({ ...shipped, appStores: { ios: bad } });
      expect(parsed.success, bad).toBe(false);
      if (!parsed.success) {
        expect(parsed.error.issues[0]?.path).toEqual(['appStores', 'ios']);
      }
    }
  });
});

describe.each(engines)('the status info on %s', (engine) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('tells the page the configured store links', async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        appStores: { ios: null, android: 'https://play.google.com/store/apps/details?id=x' },
      }),
    });
    const { status, body } = await call(server, '/wps/system/status');
    expect(status).toBe(200);
    expect((body.value as SystemStatusResponse).info.appStores).toEqual({
      ios: null,
      android: 'https://play.google.com/store/apps/details?id=x',
    });
  });
});

describe('serving the installable app', () => {
  let site: string;
  let server: TestServer;
  const worker = 'self.addEventListener("fetch",()=>{});'.repeat(60);

  beforeAll(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'pwa-site-'));
    await mkdir(path.join(site, 'assets'));
    await writeFile(
      path.join(site, 'index.html'),
      '<!doctype html><html lang="en"><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(site, 'sw.js'), worker);
    await writeFile(path.join(site, 'offline.js'), 'document.title = "x";');
    await writeFile(path.join(site, 'offline.html'), offlineHtml(offlineTexts()));
    await cp('public/manifest.webmanifest', path.join(site, 'manifest.webmanifest'));
    await cp('public/icons', path.join(site, 'icons'), { recursive: true });
    await cp('public/favicon.svg', path.join(site, 'favicon.svg'));
    server = await startTestServer(engines[0]!, { staticDir: site });
  });
  afterAll(async () => {
    await server?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('sends the manifest as application/manifest+json, cached an hour', async () => {
    const reply = await fetch(`${server.url}/manifest.webmanifest`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = (await reply.json()) as Manifest;
    for (const icon of manifest.icons) {
      const image = await fetch(`${server.url}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toContain(icon.type);
    }
  });

  it('sends the service worker as JavaScript, revalidated every time, compressed', async () => {
    const reply = await fetch(`${server.url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(await reply.text()).toBe(worker);
    const script = await fetch(`${server.url}/offline.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the offline page as HTML, revalidated every time', async () => {
    const reply = await fetch(`${server.url}/offline.html`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(await reply.text()).toContain('data-testid="offline-page"');
  });

  it('answers /downloads/ios and /downloads/android with the app, not a file', async () => {
    for (const url of ['/downloads/ios', '/downloads/android', '/Downloads/IOS']) {
      const reply = await fetch(`${server.url}${url}`);
      expect(reply.status, url).toBe(200);
      expect(reply.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(reply.headers.get('cache-control'), url).toBe('private, no-cache');
      expect(await reply.text(), url).toContain(
        '<link rel="manifest" href="/manifest.webmanifest">',
      );
    }
  });
});
