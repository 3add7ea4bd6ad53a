import type { FastifyRequest } from 'fastify';

/**
 * What the server's logs may hold (issue 11, finding 12): requests without their secrets (query
 * parameters that carry a token, a code or a password; the Authorization and Encryption
 * headers), and errors without the values a failing query carried (a database error's
 * parameters, detail and context). Used by createApp as Fastify's (pino) logger options.
 */

export interface LogStream {
  write(line: string): void;
}

export const REDACTED = '[redacted]';

/** Query parameters whose value is, or may be, a secret; masking a harmless one costs nothing. */
const SECRET_PARAMETER =
  /token|code|pass|pwd|secret|key|sign|auth|session|sid|otp|pin|captcha|answer/i;

/** The URL with the value of each secret query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as it came.
      }
      return equals >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. Headers are not logged at all. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of a database error (pg, PGlite) that say what failed without the values. */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'];
/** Fields that carry the values or the statement: never logged. */
const VALUE_FIELDS = new Set([
  'params',
  'parameters',
  'values',
  'query',
  'internalQuery',
  'detail',
  'where',
  'hint',
  'queryOptions',
  'body',
  'headers',
]);

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const isDatabaseError = (error: Error): boolean => {
  const { severity, code } = error as Error & { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/**
 * An error as a log field: type, message, stack and its plain fields. A database error keeps
 * its code and where it failed (table, column, constraint); a data exception (SQLSTATE class 22,
 * e.g. `invalid input syntax for type integer: "…"`) has the quoted value in its message masked.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    // pino passes whatever was logged under `err`.
    return { type: typeof error, message: String(error), stack: '' };
  }
  const database = isDatabaseError(error);
  const code = (error as Error & { code?: string }).code ?? '';
  const message =
    database && code.startsWith('22')
      ? error.message.replace(/"[^"]*"/g, `"${REDACTED}"`)
      : error.message;
  const stack = (error.stack ?? '').split(error.message).join(message);
  const out: SerializedError = { type: error.constructor.name, message, stack };
  const fields = database
    ? DATABASE_FIELDS
    : Object.keys(error).filter((key) => !VALUE_FIELDS.has(key));
  for (const key of fields) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (error.cause !== undefined && depth < 3)
    out.cause = serializeError(error.cause as Error, depth + 1);
  return out;
}

/** Fastify's logger options: level, an optional stream, redaction and the serializers above. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Anything that logs headers after all (a plugin, a debugging line) gets them masked.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.encryption',
        'req.headers.cookie',
        // A guest's chat key (issue 16): it opens the guest's room.
        'req.headers["x-chat-guest"]',
        'headers.authorization',
        'headers.encryption',
        'headers.cookie',
        'headers["x-chat-guest"]',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: { req: serializeRequest, err: serializeError },
  };
}
