import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';

const directive = (policy: string | null, name: string): string | undefined =>
  policy
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));

/**
 * The API's reference page (issue 32; server/http/apiReference.ts): Scalar over the OpenAPI
 * document, served by the server itself with its own script and a CSP of its own that reaches
 * no further than the page.
 */
describe('the API reference page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it('answers /api/docs with the page, which loads the local script and the served document', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname).toBe('/api/docs/');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<script src="js/scalar.js"></script>');
    expect(html).toContain('"url": "/api/docs/json"');
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"telemetry": false');
    // Nothing from elsewhere: no CDN, no fonts.
    expect(html).not.toMatch(/https?:\/\//);
    // Outside the API prefixes: a query parameter is not refused.
    expect((await fetch(`${server.url}/api/docs/?from=home`)).status).toBe(200);
  });

  it('serves the script itself, compressed once and revalidated by its ETag', async () => {
    const plain = await fetch(`${server.url}/api/docs/js/scalar.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const source = await plain.text();
    expect(source).toContain('createApiReference');
    expect(source.length).toBeGreaterThan(1_000_000);

    const compressed = await fetch(`${server.url}/api/docs/js/scalar.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(source.length / 3);
    // fetch decodes it: the same script.
    expect(await compressed.text()).toBe(source);
    const gzipped = await fetch(`${server.url}/api/docs/js/scalar.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(source);

    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.url}/api/docs/js/scalar.js`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it("has a CSP of its own that allows its one inline script by hash, the site's unchanged", async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    const html = await page.text();
    const policy = page.headers.get('content-security-policy');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]![1]!).digest('base64')}'`;
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${hash}`);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'font-src')).toBe("font-src 'self' data:");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");

    // The rest of the site keeps the strict policy, without this page's hash: the site's
    // root, a page of the app, an API call, and the document itself.
    for (const path of ['/', '/wallet', '/wps/system/status', '/api/docs/json']) {
      const other = await fetch(`${server.url}${path}`);
      const sitePolicy = other.headers.get('content-security-policy');
      const scriptSrc = directive(sitePolicy, 'script-src');
      expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[\w+/=]+')*$/);
      expect(scriptSrc, path).not.toContain(hash);
      expect(sitePolicy, path).not.toBe(policy);
    }
  });

  it('is not an operation of the API document', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).length).toBeGreaterThan(150);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/'))).toEqual([]);
  });
});
