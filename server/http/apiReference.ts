import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_DOCS_PREFIX, OPENAPI_JSON_PATH } from './openApi';
import {
  compressText,
  matchesEtag,
  preferredEncoding,
  strongEtag,
  type ShellEncoding,
} from './site/negotiation';

/** The reference page (`/api/docs` redirects here: the page loads its script relatively). */
export const API_REFERENCE_PAGE_PATH = `${API_DOCS_PREFIX}/`;
/** Scalar's standalone bundle, served by the plugin from the package itself (no CDN). */
export const API_REFERENCE_SCRIPT_PATH = `${API_DOCS_PREFIX}/js/scalar.js`;

/**
 * The page's own Content-Security-Policy. The site's (helmet, server/http/app.ts) allows its
 * own two inline scripts by hash; this page has one of its own, the call that starts Scalar
 * with the configuration below, allowed by its hash too (`'self'` covers the bundle). Styles
 * stay inline, as on the site: Scalar injects its stylesheet and sets style attributes. No
 * other origin for anything: no fonts, images, frames or calls elsewhere.
 */
function pagePolicy(inlineScriptHashes: string[]): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "connect-src 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "frame-src 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    ["script-src 'self'", ...inlineScriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
  ].join('; ');
}

/** The hashes (CSP source expressions) of a page's inline scripts, as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The bundle (about 4.9 MB, 1.2 MB in brotli) is compressed here, once per encoding and only
 * when first asked for: its routes are registered before the compress plugin, which would
 * otherwise compress it again on every request. An ETag makes a revisit a 304.
 */
interface ScriptAsset {
  source: string;
  identity: Buffer;
  etag: string;
  encoded: Map<ShellEncoding, Promise<Buffer>>;
}
let scriptAsset: ScriptAsset | null = null;

function assetOf(source: string): ScriptAsset {
  if (scriptAsset?.source === source) return scriptAsset;
  const identity = Buffer.from(source, 'utf8');
  scriptAsset = { source, identity, etag: strongEtag(identity, 22), encoded: new Map() };
  return scriptAsset;
}

function encodedBody(asset: ScriptAsset, encoding: ShellEncoding): Promise<Buffer> {
  let body = asset.encoded.get(encoding);
  if (!body) {
    body = compressText(asset.identity, encoding, 9);
    // A failure is not kept: the next request tries again.
    body.catch(() => asset.encoded.delete(encoding));
    asset.encoded.set(encoding, body);
  }
  return body;
}

async function sendScript(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' || reply.statusCode !== 200) return payload;
  const asset = assetOf(payload);
  reply
    .header('cache-control', 'public, no-cache')
    .header('vary', 'Accept-Encoding')
    .header('etag', asset.etag);
  if (matchesEtag(request.headers['if-none-match'], asset.etag)) {
    reply.code(304);
    return '';
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return asset.identity;
  const body = await encodedBody(asset, encoding);
  reply.header('content-encoding', encoding);
  return body;
}

/**
 * The API's reference page (issue 32): Scalar's API reference over the OpenAPI document
 * (`/api/docs/json`, server/http/openApi.ts), at `/api/docs`. The public contract of the API, so
 * it is served in production too; it costs the site's own pages nothing (its script is loaded by
 * this page only). Everything comes from this server: the bundle from the package, the document
 * from the server, no web fonts, no telemetry, no AI agent, no developer toolbar (the last two
 * would call Scalar's services). Its routes are left out of the OpenAPI document (the plugin
 * marks them `hide`; they are not API routes either) and, outside `/wps/` and the other API
 * prefixes, they are not under the API's query policy or its maintenance switch.
 *
 * Registered in a context of its own, so the CSP and caching hooks reach its routes only.
 */
export async function installApiReference(
  app: FastifyInstance,
  options: { title: string },
): Promise<void> {
  const reference = lazyReference(options.title);
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.url;
      if (route === API_REFERENCE_SCRIPT_PATH) return sendScript(request, reply, payload);
      if (route === API_REFERENCE_PAGE_PATH && typeof payload === 'string') {
        reply
          .header('content-security-policy', pagePolicy(inlineScriptHashes(payload)))
          .header('cache-control', 'no-cache');
      }
      return payload;
    });
    // Scalar's three routes (its plugin with a `url` adds no others), answered by the plugin.
    // The script never changes in a process: asked of the plugin once, so that a revisit (a 304)
    // or a repeated download costs no copy of its 4.9 MB.
    const scriptAnswer = keptOnceMade(async () =>
      (await reference()).inject({ method: 'GET', url: API_REFERENCE_SCRIPT_PATH }),
    );
    for (const url of [API_DOCS_PREFIX, API_REFERENCE_PAGE_PATH, API_REFERENCE_SCRIPT_PATH]) {
      scope.get(url, { schema: { hide: true } }, async (request, reply) => {
        const answer =
          url === API_REFERENCE_SCRIPT_PATH
            ? await scriptAnswer()
            : await (await reference()).inject({ method: 'GET', url: request.url });
        reply.code(answer.statusCode);
        for (const name of ['content-type', 'location']) {
          const value = answer.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
        return answer.body;
      });
    }
  });
}

/**
 * Scalar's plugin in a Fastify of its own, made at the first request for the page. Its module
 * holds the 4.9 MB bundle as one string literal, and compiling it was a seventh of a restart on
 * PostgreSQL (bench/README, Start-up): a start no longer pays for a page few people open. The
 * plugin's routes are asked through `inject`, so what it answers is the plugin's own. A failure
 * to load is not kept: the next request tries again.
 */
function lazyReference(title: string): () => Promise<FastifyInstance> {
  const make = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const reference = Fastify();
    await reference.register(scalar, {
      routePrefix: API_DOCS_PREFIX,
      configuration: {
        // Read by the page from the server (the plugin then adds no document routes of its own).
        url: OPENAPI_JSON_PATH,
        pageTitle: title,
        favicon: '/favicon.svg',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        documentDownloadType: 'json',
        operationTitleSource: 'path',
        // Scalar 1.76's one-column layout (narrow screens) lets a long curl example widen the
        // operation's grid column past the screen, so a phone scrolls sideways: its grid
        // items may shrink, and the example scrolls inside its own box instead.
        customCss: '.scalar-app .references-rendered .operation-layout > * { min-width: 0; }',
      },
    });
    await reference.ready();
    return reference;
  };
  return keptOnceMade(make);
}

/** `make`'s answer, made at the first call and kept; a failure is not kept (the next call retries). */
function keptOnceMade<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () => {
    kept ??= make().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}
