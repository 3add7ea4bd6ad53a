import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, parseInput } from './errors';

/**
 * The query parameters spec 7's clients send with any call (issue 32): accepted by every call of
 * the API, and given to a call's handler only when the call declares it uses them (the game list
 * reads `language`; the balance does not). Everything else a call does not declare is refused
 * the same way on every call: 400 `invalid_request` naming the parameter (docs/api.md).
 */
export const COMMON_QUERY_PARAMETERS = [
  'merchant',
  'merchantCode',
  'token',
  'clientType',
  'platform',
  'language',
  'lang',
  'device',
] as const;
const COMMON = new Set<string>(COMMON_QUERY_PARAMETERS);

/** A call that takes no query parameters of its own (every API route that declares none). */
export const NO_QUERY = z.object({}).strict();

/** The parameters a query schema declares (an object, or an object behind a pipe). */
const declaredCache = new WeakMap<z.ZodType, Set<string>>();
export function declaredKeys(schema: z.ZodType): Set<string> {
  const known = declaredCache.get(schema);
  if (known) return known;
  let keys: Set<string>;
  if (schema instanceof z.ZodObject) keys = new Set(Object.keys(schema.shape));
  else if (schema instanceof z.ZodPipe) keys = declaredKeys(schema.in as z.ZodType);
  else throw new Error('a query schema is a zod object (or a pipe from one)');
  declaredCache.set(schema, keys);
  return keys;
}

/**
 * The query as the call sees it: the common parameters it does not declare left out, and any
 * other undeclared one refused. Answers the query left, still raw: the handler parses its values
 * with the same schema (a parameter may also come in the body, as the favourite's `nodeId`).
 */
export function checkQuery(schema: z.ZodType, query: unknown): Record<string, unknown> {
  const raw = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const declared = declaredKeys(schema);
  const kept: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (declared.has(key)) kept[key] = value;
    else if (!COMMON.has(key)) unknown.push(key);
  }
  if (unknown.length > 0) {
    const takes = [...declared].filter((key) => !COMMON.has(key));
    throw new ApiError(
      400,
      'invalid_request',
      `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown
        .slice(0, 5)
        .map((key) => `"${key.slice(0, 40)}"`)
        .join(', ')}: this call takes ${
        takes.length > 0 ? takes.join(', ') : 'none of its own'
      } (and the common ${COMMON_QUERY_PARAMETERS.join(', ')}).`,
    );
  }
  return kept;
}

/** Query texts whose parse a read-mostly call keeps; beyond it the memory starts again. */
const MAX_PARSED_QUERIES = 1_000;
/** Longer texts are parsed every time: a thousand of them stay under a megabyte. */
const MAX_KEPT_QUERY_LENGTH = 512;

/**
 * A read-mostly call's query parser that parses each query text once (issue 31: the game list's
 * profile spent more on zod than on the rest of its handler, for the same few pages asked all
 * day). The query a GET's handler sees comes from its URL alone, so the text is the key; a
 * refused query is not kept (it throws each time). The value is frozen: it is shared.
 */
export function parseQueryOnce<Schema extends z.ZodType>(
  schema: Schema,
): (request: FastifyRequest) => Readonly<z.infer<Schema>> {
  const parsed = new Map<string, Readonly<z.infer<Schema>>>();
  return (request) => {
    const at = request.url.indexOf('?');
    const text = at === -1 ? '' : request.url.slice(at + 1);
    if (text.length > MAX_KEPT_QUERY_LENGTH)
      return Object.freeze(parseInput(schema, request.query));
    let value = parsed.get(text);
    if (value === undefined) {
      value = Object.freeze(parseInput(schema, request.query));
      if (parsed.size >= MAX_PARSED_QUERIES) parsed.clear();
      parsed.set(text, value);
    }
    return value;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes no query of its own and answers before a handler could use one (the
     * relays' fallback: an unknown name, a wrong method): no query schema is put on it.
     */
    queryPerCall?: boolean;
  }
}

/**
 * One policy for query parameters on every API route (issue 32). A route declares what it takes
 * as `schema.querystring` (a zod schema); one that declares nothing takes no parameters of its
 * own. Fastify runs the check before the handler (the validator compiler below), so an
 * undeclared parameter never reaches a handler, and the document of the API (OpenAPI) reads the
 * same declarations. Call before any route is registered.
 */
export function installQueryPolicy(app: FastifyInstance, isApi: (url: string) => boolean): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zod = schema as unknown as z.ZodType;
    if (httpPart !== 'querystring') {
      // Bodies and path parameters are parsed by the handlers (parseInput) as before.
      return (data: unknown) => ({ value: data });
    }
    return (data: unknown) => {
      try {
        return { value: checkQuery(zod, data) };
      } catch (error) {
        return { error: error as Error };
      }
    };
  });
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url) || route.config?.queryPerCall) return;
    // A declaration that is not an object fails here, at start, not on a request.
    if (route.schema?.querystring) return void declaredKeys(route.schema.querystring as z.ZodType);
    route.schema = { ...route.schema, querystring: NO_QUERY as unknown as object };
  });
}
