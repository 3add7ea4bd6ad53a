import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { failure } from '../../src/shared/envelope';

import { ApiError } from '../platform/apiError';

export { ApiError };

/** Whether any text in the input holds a NUL character, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1),
  );
}

/** Validates input at the edge; the first few issues become one readable message. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.infer<Schema> {
  // Refused for every call here, so no field can reach the database with one (it would fail
  // there as a 500).
  if (holdsNul(input)) throw new ApiError(400, 'invalid_request', 'Text may not contain NUL.');
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
  throw new ApiError(400, 'invalid_request', detail);
}

/** Fastify's own errors for malformed requests, mapped to our stable codes. */
const fastifyErrorCodes: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported content type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Invalid content length.'],
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.status)
        .send({ ...failure(error.code, error.message), value: error.value });
    }
    const known = error.code ? fastifyErrorCodes[error.code] : undefined;
    if (known) return reply.status(known[0]).send(failure(known[1], known[2]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failure('invalid_request', error.message));
    }
    // Anything else is our bug: log it in full, tell the client nothing about the internals.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('unknown_error', 'Unknown error, please try again.'));
  });
}
