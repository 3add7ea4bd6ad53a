import { expect, type Page, test } from '@playwright/test';

/**
 * The API's reference page (issue 32; server/http/apiReference.ts) renders the WHOLE OpenAPI
 * document, not its first operations (the swagger-ui page it replaces drew 8 of some 200): every
 * operation the served document lists is in the page's navigation, once every group is open,
 * and the last of them and a relay found by search open in the page. Everything it loads comes
 * from this server, and nothing fails on the console (a CSP refusal would show there).
 */

interface Operation {
  method: string;
  path: string;
  tag: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Every request of the page to another origin, and every console error or page error. */
function watch(page: Page): { external: string[]; errors: string[] } {
  const seen = { external: [] as string[], errors: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (!LOOPBACK.has(url.hostname)) seen.external.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.errors.push(`page: ${error.message}`));
  return seen;
}

async function servedOperations(page: Page): Promise<{ title: string; operations: Operation[] }> {
  const response = await page.request.get('/api/docs/json');
  expect(response.ok()).toBe(true);
  const document = (await response.json()) as {
    info: { title: string };
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      tag: operation.tags?.[0] ?? '',
    })),
  );
  return { title: document.info.title, operations };
}

/** The tail of an operation's anchor in the page (`#tag/<tag slug>/POST/wps/relay/…`). */
const anchorOf = (operation: Operation) => `/${operation.method}${operation.path}`;

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the API reference at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('lists every operation of the document, opens the last, finds a relay', async ({
      page,
    }) => {
      // The page's script is large (Scalar's bundle): on a busy two-core machine the first
      // load and the opening of some thirty groups take a while.
      test.setTimeout(180_000);
      const seen = watch(page);
      const { title, operations } = await servedOperations(page);
      expect(operations.length).toBeGreaterThan(150);
      expect(operations).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/wps/relay/GCS_walletTransfer' }),
      );

      await page.goto('/api/docs');
      await expect(page).toHaveURL(/\/api\/docs\/$/);
      await expect(page).toHaveTitle(/API reference/);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
        timeout: 60_000,
      });

      // The navigation: beside the page on a desktop, behind the menu button on a phone.
      if (viewport.width < 1000) await page.getByRole('button', { name: 'Open Menu' }).click();
      const sidebar = page
        .getByRole('complementary', { name: `Sidebar for ${title}` })
        .filter({ visible: true });
      await expect(sidebar).toBeVisible();

      // Every tag's group opened (the first is open already).
      const tags = [...new Set(operations.map((operation) => operation.tag))];
      for (const tag of tags) {
        const open = sidebar.getByRole('button', { name: `Open Group - ${tag}`, exact: true });
        const close = sidebar.getByRole('button', { name: `Close Group - ${tag}`, exact: true });
        await expect(open.or(close)).toBeAttached();
        if (await open.isVisible()) await open.click();
        await expect(close).toBeAttached();
      }

      // Every operation of the document is listed, and nothing else under the tags.
      const links = sidebar.locator('a[href*="#tag/"]');
      const listed = (await links.evaluateAll((anchors) =>
        anchors.map((anchor) => decodeURIComponent(anchor.getAttribute('href') ?? '')),
      )) as string[];
      const missing = operations.filter(
        (operation) => !listed.some((href) => href.endsWith(anchorOf(operation))),
      );
      expect(missing, 'operations missing from the navigation').toEqual([]);
      expect(listed.filter((href) => /\/(GET|POST|PUT|PATCH|DELETE)\//.test(href))).toHaveLength(
        operations.length,
      );

      // The document's last operation opens in the page.
      const last = operations.at(-1)!;
      const lastLink = sidebar.locator(`a[href$="${anchorOf(last)}"]`);
      await lastLink.scrollIntoViewIfNeeded();
      await lastLink.click();
      const lastSection = page.locator(`section[id$="${anchorOf(last)}"]`);
      await expect(
        lastSection.getByRole('heading', { name: last.path, exact: true }).first(),
      ).toBeInViewport();

      // Search finds the relay (named, not one of the first), which opens with its body fields.
      if (viewport.width < 1000 && !(await sidebar.isVisible())) {
        await page.getByRole('button', { name: 'Open Menu' }).click();
      }
      await sidebar.getByRole('button', { name: 'Open Search' }).click();
      await page.getByRole('combobox', { name: 'Enter search query' }).fill('GCS_walletTransfer');
      await page.getByRole('option', { name: /\/wps\/relay\/GCS_walletTransfer/ }).click();
      await expect(page).toHaveURL(/#tag\/[^/]+\/POST\/wps\/relay\/GCS_walletTransfer$/);
      const relay = page.locator('section[id$="/POST/wps/relay/GCS_walletTransfer"]');
      await expect(
        relay.getByRole('heading', { name: '/wps/relay/GCS_walletTransfer', exact: true }),
      ).toBeInViewport();
      await expect(relay.getByText('idempotencyKey', { exact: true })).toBeVisible();

      // Nothing wider than the viewport (a phone scrolls the page down, never across).
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(seen.external, 'requests to another origin').toEqual([]);
      expect(seen.errors, 'console errors').toEqual([]);
    });
  });
}
