import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorCodes } from '../../src/shared/envelope';
import { COMMON_QUERY_PARAMETERS } from './queryPolicy';
import type { RouteAuth } from './routeConfig';
import answerSchemaFile from './answerSchemas.json' with { type: 'json' };

/**
 * Every answer's value schema, generated from the handlers' types (scripts/answerSchemas.ts,
 * `npm run openapi`): by "METHOD /path", with the named types they reference.
 */
export const answerSchemas = answerSchemaFile as unknown as {
  answers: Record<string, object>;
  schemas: Record<string, object>;
};

/** The answers' key for a route: "GET /wps/x/{id}" for GET /wps/x/:id. */
export const answerKey = (method: string, url: string) =>
  `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/**
 * A route's answer schema: by its method and path, or by the name a route whose path comes
 * from the configuration gives it (`config.answer`).
 */
export function answerOf(method: string, url: string, config: unknown): object | undefined {
  const named = (config as { answer?: string } | undefined)?.answer;
  return (
    answerSchemas.answers[answerKey(method, url)] ??
    (named ? answerSchemas.answers[`@${named}`] : undefined)
  );
}

/** The document's version: the gateway version spec 7's clients send, and our revision. */
export const API_VERSION = '3.1.0';

/** Where the document is served. */
export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PREFIX}/json`;

const SECURITY: Record<RouteAuth, string> = {
  session: 'member',
  realMoney: 'member',
  agent: 'member',
};

const WHO: Record<RouteAuth, string> = {
  session: 'Any logged-in member (a trial account included).',
  realMoney: 'A member with a real-money account (not trial): 403 in_need_true_account.',
  agent: 'Agents only: 403 forbidden for players.',
};

/** The area a path belongs to: the document's tags. */
function tagOf(url: string): string {
  if (url.startsWith('/wps/relay/')) return 'relays (spec 7)';
  if (url.startsWith('/ops/')) return 'operator';
  if (url.startsWith('/wps/support/')) return 'support console';
  if (url.startsWith('/wps/dev/')) return 'development tools';
  if (url.startsWith('/lgw/') || url.startsWith('/lotto/')) return 'lottery and game menus';
  const area = url.split('/')[2] ?? 'other';
  return area === 'v2' ? 'wallet' : area;
}

const envelopeRef = { $ref: '#/components/schemas/Envelope' };
const failureRef = { $ref: '#/components/schemas/Failure' };

/**
 * The API's OpenAPI 3.1 document (issue 32), generated from the routes as registered: each
 * route's path, method, declared query (its zod schema, `schema.querystring`), its auth (the
 * route config) and its area; each relay under its own name. Every answer is the envelope
 * (docs/api.md), so every operation answers `Envelope` and, on failure, `Failure` with the
 * error catalogue. Served as JSON at `/api/docs/json`.
 * Register before any route: the document collects routes as they are added.
 */
export async function installOpenApi(
  app: FastifyInstance,
  options: { title: string; version: string; isApi: (url: string) => boolean },
): Promise<void> {
  const zodTransform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: options.version,
        description: `The player site, agent back office and operator API. Every call accepts spec 7's common query parameters (${COMMON_QUERY_PARAMETERS.join(', ')}) besides its own, and refuses any other with 400 invalid_request. Conventions (envelope, errors, tokens, query parameters, sealed bodies, idempotency keys, paging, languages): docs/api.md.`,
      },
      components: {
        securitySchemes: {
          member: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A member's session token (POST /wps/session/login). A token that is sent and not accepted answers 401 not_logged_in, on public calls too.",
          },
          operator: {
            type: 'http',
            scheme: 'bearer',
            description: "A staff member's session or the operator's token (/ops/…).",
          },
        },
        schemas: {
          ...answerSchemas.schemas,
          Sealed: {
            type: 'object',
            required: ['iv', 'data'],
            additionalProperties: false,
            description:
              'A sealed (E) body: AES-256-GCM under SHA-256 of the random key, over {"ts": <ms>, "payload": <the call\'s payload>}.',
            properties: {
              iv: { type: 'string', description: 'base64' },
              data: { type: 'string', description: 'base64' },
            },
          },
          Envelope: {
            type: 'object',
            required: ['success', 'value'],
            properties: {
              success: { type: 'boolean' },
              value: {},
              code: { type: 'string' },
              message: { type: 'string' },
            },
          },
          Failure: {
            type: 'object',
            required: ['success', 'value', 'code', 'message'],
            properties: {
              success: { const: false },
              value: {},
              code: {
                type: 'string',
                description: `A stable key. The common ones: ${errorCodes.join(', ')}; each area adds its own.`,
              },
              message: { type: 'string' },
            },
          },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!options.isApi(url) || url === '/wps/relay/:name') {
        return { schema: { ...input.schema, hide: true } as typeof input.schema, url };
      }
      const transformed = zodTransform(input);
      const config = (route.config ?? {}) as { auth?: RouteAuth; encrypted?: boolean };
      const own = (input.schema as { description?: string } | undefined)?.description;
      const notes = [
        own ?? '',
        config.auth ? WHO[config.auth] : 'Public; a member token, when sent, must be good.',
        config.encrypted ? 'Body sealed (E): see docs/api.md, Sealed bodies.' : '',
      ].filter(Boolean);
      // A sealed call's body on the wire is the sealed form; the payload inside is described
      // beside it (x-sealed-payload), as a client builds it before sealing.
      const plain = (transformed.schema as { body?: unknown }).body;
      const sealed = config.encrypted
        ? {
            body: { $ref: '#/components/schemas/Sealed' },
            headers: {
              type: 'object',
              required: ['encryption'],
              properties: {
                encryption: {
                  type: 'string',
                  description: 'The random key, reversed and RSA-OAEP encrypted (docs/api.md).',
                },
              },
            },
            ...(plain ? { 'x-sealed-payload': plain } : {}),
          }
        : {};
      const method = [route.method].flat()[0] ?? 'GET';
      const value = answerOf(method, url, route.config);
      const schema = {
        ...transformed.schema,
        ...sealed,
        tags: [tagOf(url)],
        description: notes.join(' '),
        ...(config.auth ? { security: [{ [SECURITY[config.auth]]: [] }] } : {}),
        ...(url.startsWith('/ops/') || url.startsWith('/wps/support/')
          ? { security: [{ operator: [] }] }
          : {}),
        response: {
          200: {
            description: value
              ? 'The envelope with the value.'
              : 'The envelope; the value is not described (see the operation).',
            content: json(
              value
                ? {
                    allOf: [
                      envelopeRef,
                      { type: 'object', required: ['value'], properties: { value } },
                    ],
                  }
                : envelopeRef,
            ),
          },
          '4XX': {
            description: 'A refusal: the envelope with its code.',
            content: json(failureRef),
          },
          '5XX': { description: 'unknown_error or maintenance.', content: json(failureRef) },
        },
      };
      return { schema: schema as typeof input.schema, url: transformed.url };
    },
  });
}

/**
 * The document itself, at `/api/docs/json` (the reference page at /api/docs reads it). Registered
 * after @fastify/compress (which covers only the routes added after it): ~300 KB of JSON.
 */
export function serveOpenApi(app: FastifyInstance): void {
  let text: string | null = null;
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } as object }, async (_request, reply) => {
    text ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(text);
  });
}

const json = (schema: object) => ({ 'application/json': { schema } });
