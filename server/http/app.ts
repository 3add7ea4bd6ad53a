import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from 'helmet';
import { failure } from '../../src/shared/envelope';
import { defaultHttpLimits, type HttpLimits } from '../config/httpLimits';
import { httpDuration } from '../metrics';
import { promotionRoutes } from './promotions/promotionRoutes';
import { missionRelays, rewardRoutes } from './promotions/rewardRoutes';
import { pointRelays, pointRoutes } from './promotions/pointRelays';
import { attachRealtime, type RealtimeServer } from '../realtime/io';
import type { AppDeps } from '../deps';
import type { RouteAuth } from './routeConfig';
import { ApiError, installErrorHandler } from './errors';
import { installQueryPolicy } from './queryPolicy';
import { API_VERSION, installOpenApi, serveOpenApi } from './openApi';
import { installApiReference } from './apiReference';
import { installAsyncApi } from './asyncApi';
import { healthRoutes, type Lifecycle } from './system/health';
import { installAuth } from './auth';
import { type LogStream, loggerOptions } from './logging';
import { devRoutes } from './dev/devRoutes';
import { devGrantRoutes } from './dev/grantRoutes';
import { memberRoutes } from './identity/memberRoutes';
import { sessionRoutes } from './identity/sessionRoutes';
import { opsRoutes } from './ops/routes';
import formbody from '@fastify/formbody';
import { relayRoutes } from './relay/dispatcher';
import { compressOptions, sendAppShell, serveSite } from './site';
import { EARLY_CALLS_SCRIPT_HASH, THEME_SCRIPT_HASH } from './site/appShell';
import { languageRoute } from './system/languageRoute';
import { publicStateRoute } from './system/publicStateRoute';
import { systemRelays } from './system/relays';
import { systemRoutes } from './system/routes';
import { createHelpCentre } from './system/helpCenter';
import { HELP_CONTENT_DIR, helpContentOnce } from '../domain/help/helpContent';
import { HELP_FACT_NAMES } from '../domain/help/helpFacts';
import { walletRelays, walletRoutes } from './wallet/walletRoutes';
import { withdrawalRoutes } from './wallet/withdrawalRoutes';
import { recordRoutes } from './records/recordRoutes';
import { demoVendorRoutes } from './games/demoVendorRoutes';
import { vnLottoRoutes } from './games/vnLottoRoutes';
import { salaryRoutes } from './agent/salaryRoutes';
import { winnerRelays } from './games/winnerRelays';
import { readsSettled } from '../platform/unitOfWork';
import { catalogueRelays } from './games/catalogueRelays';
import { catalogueRoutes } from './games/catalogueRoutes';
import { lotteryRoutes } from './games/lotteryRoutes';
import { roomRelays } from './games/roomRelays';
import { announcementRelays } from './announcements/announcementRelays';
import { reportRoutes } from './agent/reportRoutes';
import { teamRoutes } from './agent/teamRoutes';
import { contractRelays } from './agent/contractRelays';
import { contractRoutes } from './agent/contractRoutes';
import { messageRelays, messageRoutes } from './messages/messageRoutes';
import { agentAnnouncementRoutes } from './announcements/agentAnnouncementRoutes';
import { feedbackRoutes } from './feedback/feedbackRoutes';
import { rgRoutes } from './responsibleGaming/rgRoutes';
import { chatRelays, chatRoutes } from './chat/chatRoutes';
import { supportRoutes } from './chat/supportRoutes';

export interface RouteInfo {
  method: string;
  url: string;
  auth?: RouteAuth;
  encrypted?: boolean;
}

export interface App {
  http: FastifyInstance;
  io: RealtimeServer;
  /** Read by GET /readyz; boot's close() sets `draining`. */
  lifecycle: Lifecycle;
  /** Every route with its declared security; the authorization-matrix test walks it. */
  routes: RouteInfo[];
}

/** API prefixes: answered with envelopes, never with the site's index.html. */
export const apiPrefixes = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/socket.io/'];

const BODY_LIMIT = 64 * 1024;

/** Sent only on answers to HTTPS requests (RFC 6797: a browser ignores it over plain HTTP). */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface AppOptions {
  trustProxy?: string;
  logLevel?: string;
  /** Where the log lines go (stdout when not given); tests capture them. */
  logStream?: LogStream;
  /** Timeouts and the connection cap (env REQUEST_TIMEOUT_MS, MAX_CONNECTIONS, …). */
  limits?: Partial<HttpLimits>;
  /** socket.io over WebSocket only: a WEB_CONCURRENCY worker (no sticky sessions). */
  websocketOnly?: boolean;
}

/**
 * Paths that stay open in maintenance and for restricted regions: the page must learn why, and
 * the blocking screens offer live support (spec 2), so the chat and its console stay open too.
 */
const ALWAYS_OPEN = ['/wps/system/', '/ops/', '/wps/chat/', '/wps/support/', '/wps/relay/CBS_'];
function isAlwaysOpen(url: string): boolean {
  return ALWAYS_OPEN.some((prefix) => url.startsWith(prefix));
}

/**
 * The path as the router matches it: percent-escapes decoded and an absolute-form request
 * line (`GET http://host/wps/…`) reduced to its path. The rules below must judge this, not the
 * raw line: `/%77ps/…` reaches the `/wps/…` handlers.
 */
export function routedPath(url: string): string {
  // Most request lines are a plain path: no escape, no dot segment, no backslash, not `//`
  // (which URL would read as a host). Those are their own routed path, without URL's parse.
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (PLAIN_PATH.test(path) && !path.includes('/.')) return path;
  return routedPathByUrl(url);
}

/** routedPath the long way, for any request line: URL's parse, then the escapes decoded. */
export function routedPathByUrl(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://site.invalid').pathname;
  } catch {
    return url;
  }
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A path URL would give back unchanged (routedPath's quick way). */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;

/** The headers a header-setting middleware (helmet's) sets on an answer, read once. */
export function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // Only setHeader and removeHeader are used by helmet; anything else would throw here, at start.
  middleware({ headers: {} } as IncomingMessage, answer as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** A caller's request id is taken only as a plain token: it goes into every log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: { headers: IncomingHttpHeaders }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Builds the whole server: one place, so tests start the real thing on an ephemeral port. */
export async function createApp(deps: AppDeps, options: AppOptions = {}): Promise<App> {
  const limits = { ...defaultHttpLimits, ...options.limits };
  // Node rejects a headers timeout above the request timeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const http = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    logger: loggerOptions(options.logLevel ?? 'warn', options.logStream),
    // Every log line of a request carries its id: the caller's X-Request-Id (a load balancer's)
    // when it is a plain token, else a new one; the answer says which (x-request-id).
    genReqId: requestIdOf,
    // A request that still arrives while the server closes (on a kept-alive connection) is
    // served, not refused with 503: a balancer may have sent it just before taking this
    // process out of rotation. SHUTDOWN_TIMEOUT_MS bounds the close.
    return503OnClosing: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // A request (headers and body) must arrive in time: a client trickling bytes is cut with a
    // 408. An upgraded connection (socket.io's WebSocket) is outside these limits.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout,
      // How often node looks for requests over their time (its default, 30 s, would let a
      // 30 s timeout run to 60 s).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
  });
  // Connections over the cap are closed as they arrive (each open one costs memory and a file).
  http.server.maxConnections = limits.maxConnections;
  // server.close() ends the connections idle at that moment. One whose response was still being
  // sent turns idle afterwards and would hold the close for the whole keep-alive timeout (72 s):
  // those are ended as they fall idle, while requests in flight still finish.
  http.addHook('preClose', async () => {
    const reaper = setInterval(() => http.server.closeIdleConnections(), 100);
    reaper.unref();
    http.server.once('close', () => clearInterval(reaper));
  });
  installErrorHandler(http);
  // One policy for query parameters on every API call (issue 32), and the API's document
  // generated from the routes as they are registered: both before any route.
  const isApiRoute = (url: string) =>
    apiPrefixes.some((prefix) => prefix !== '/socket.io/' && url.startsWith(prefix));
  installQueryPolicy(http, isApiRoute);
  await installOpenApi(http, {
    title: `${deps.config.brand.name} API`,
    version: API_VERSION,
    isApi: isApiRoute,
  });
  await installApiReference(http, { title: `${deps.config.brand.name} API reference` });
  const routes: RouteInfo[] = [];
  http.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { auth?: RouteAuth; encrypted?: boolean };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, auth: config.auth, encrypted: config.encrypted });
    }
  });

  // The security headers, from helmet, its middleware built once: @fastify/helmet builds it
  // again for every request (parsing the policy each time), which was more of a game list
  // request's CPU than the headers themselves (issue 31's profile). No route has options of its
  // own (the API reference sets its own policy in its scope's onSend).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the theme set before the first paint (site/appShell.ts).
        scriptSrc: ["'self'", THEME_SCRIPT_HASH, EARLY_CALLS_SCRIPT_HASH],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // 'self' covers the same origin's ws:/wss: (CSP Level 3): socket.io connects there only.
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Games open in same-site popups and iframes; keep the defaults that would break them off.
    crossOriginEmbedderPolicy: false,
    // Sent below, and only over HTTPS.
    strictTransportSecurity: false,
  });
  // No option names a value of its own per request, so the headers themselves are made once
  // too: setting them on the reply costs a fraction of running helmet's eleven middlewares on
  // every request (the game list's profile again, issue 31).
  const securityHeaderValues = headersOf(securityHeaders);
  http.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaderValues);
    done();
  });

  await http.register(compress, compressOptions);
  // The API's documents (issue 32), compressed: after compress.
  serveOpenApi(http);
  installAsyncApi(http, { title: `${deps.config.brand.name} live events`, version: API_VERSION });

  // HSTS over HTTPS only: the request's own TLS, or a trusted proxy's X-Forwarded-Proto.
  http.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  // Latency by route pattern (never the raw URL: ids and tokens would make endless series).
  http.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Maintenance and region rules are enforced here too: never trust the browser to obey them.
  http.addHook('onRequest', async (request) => {
    // Judged on the path the router matched (and on the matched route's pattern), never on the
    // raw request line, which an escape or an absolute form would carry past the prefixes.
    const path = routedPath(request.url);
    const pattern = request.routeOptions.url ?? '';
    const isApi = [path, pattern].some((candidate) =>
      apiPrefixes.some((prefix) => candidate.startsWith(prefix)),
    );
    if (!isApi || isAlwaysOpen(path)) return;
    if (deps.maintenance.get().enabled)
      throw new ApiError(503, 'maintenance', 'System maintenance.');
    if (deps.region.isRestricted(deps.visitorOf(request.raw))) {
      throw new ApiError(403, 'region_restricted', 'Access restricted by location or IP.');
    }
  });

  // Forgot-password by e-mail is form-encoded (spec 7).
  await http.register(formbody, { bodyLimit: BODY_LIMIT });
  // Cookies (the device id the server issues, server/http/identity/devices.ts): parsed and set
  // by the well-kept plugin, never by hand.
  await http.register(cookie);
  installAuth(http, deps);

  const lifecycle: Lifecycle = { draining: false };
  await healthRoutes(http, deps, lifecycle);
  // The help centre's texts (config/help): a broken file stops the start, with its problems.
  const help = createHelpCentre(
    await helpContentOnce(HELP_CONTENT_DIR, HELP_FACT_NAMES),
    deps.config,
  );
  await systemRoutes(http, deps, help);
  await sessionRoutes(http, deps);
  await memberRoutes(http, deps);
  await devRoutes(http, deps);
  await devGrantRoutes(http, deps);
  await languageRoute(http, deps);
  await publicStateRoute(http, deps);
  const relays = {
    ...systemRelays(deps, help),
    ...walletRelays(deps),
    ...winnerRelays(deps),
    ...catalogueRelays(deps),
    ...roomRelays(deps),
    ...announcementRelays(deps),
    ...contractRelays(deps),
    ...messageRelays(deps),
    ...pointRelays(deps),
    ...missionRelays(deps),
    ...chatRelays(deps),
  };
  // Each relay is a route of its own (the authorization matrix and the API's document see it).
  await relayRoutes(http, deps, relays);
  await walletRoutes(http, deps);
  await withdrawalRoutes(http, deps);
  await contractRoutes(http, deps);
  await recordRoutes(http, deps);
  await demoVendorRoutes(http, deps);
  await vnLottoRoutes(http, deps);
  await salaryRoutes(http, deps);
  await catalogueRoutes(http, deps);
  await lotteryRoutes(http, deps);
  await reportRoutes(http, deps);
  await teamRoutes(http, deps);
  await messageRoutes(http, deps);
  await agentAnnouncementRoutes(http, deps);
  await promotionRoutes(http, deps);
  await rewardRoutes(http, deps);
  await pointRoutes(http, deps);
  await feedbackRoutes(http, deps);
  await rgRoutes(http, deps);
  await chatRoutes(http, deps);
  await supportRoutes(http, deps);
  await opsRoutes(http, deps);
  await serveSite(http, deps.staticDir);

  http.setNotFoundHandler((request, reply) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      deps.staticDir &&
      !apiPrefixes.some((p) => request.url.startsWith(p))
    ) {
      // Client-side routes (including unknown ones, which the app answers with its not-found page).
      return sendAppShell(request, reply, deps);
    }
    return reply
      .status(404)
      .send(failure('not_found', `No such call: ${request.method} ${request.url.split('?')[0]}`));
  });

  const io = attachRealtime(http.server, deps, {
    redis: deps.redis,
    websocketOnly: options.websocketOnly,
    log: (message) => http.log.warn(message),
  });
  http.addHook('onClose', async () => {
    // The reads after the last commits publish before the database goes away.
    await readsSettled(deps);
    await io.close();
  });
  return { http, io, lifecycle, routes };
}
