import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../src/shared/envelope';

/**
 * An answer serialized once and sent many times (issue 31: the catalogue at the limit): the
 * envelope's JSON text and its strong ETag, a hash of that text — the same in every process that
 * holds the same catalogue, so a browser's copy stays valid behind a balancer.
 */
export class PreparedAnswer<T = unknown> {
  readonly etag: string;
  /** The answer's value type, for the API's document (scripts/answerSchemas.ts); never set. */
  declare readonly valueType?: T;
  constructor(readonly body: string) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }
}

/** The successful envelope of `value`, prepared. */
export const prepareAnswer = <T>(value: T) => new PreparedAnswer<T>(JSON.stringify(ok(value)));

/** The reply a prepared answer was sent on, naming the answer's value type for the document. */
export type PreparedReply<T> = FastifyReply & { readonly preparedValue?: T };

/**
 * Sends a prepared answer: 304 with no body when the request's `If-None-Match` names its ETag,
 * else the text. `no-cache`: a browser may keep it but asks each time (a 304 costs a few bytes).
 */
export function sendPrepared<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer<T>,
): PreparedReply<T> {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
