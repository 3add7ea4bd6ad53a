import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../src/shared/envelope';
import { compressOptions } from './site';
import {
  compressTextSync,
  matchesEtag,
  preferredEncoding,
  strongEtag,
  type ShellEncoding,
} from './site/negotiation';

/**
 * An answer serialized once and sent many times (issue 31: the catalogue at the limit): the
 * envelope's JSON text and its strong ETag, a hash of that text — the same in every process that
 * holds the same catalogue, so a browser's copy stays valid behind a balancer — and the text
 * compressed once per content coding, the first time a browser asks for it (a browser always
 * does). @fastify/compress would compress it again for every
 * request: for a 5.6 KB page, more work than everything else the request costs.
 */
/**
 * Brotli's and gzip's level, as the site's shell uses: a search makes a page per keyword, so a
 * page is compressed often enough that brotli's best (11) would cost: ~35 times level 6's time
 * on a game list page (3.6 ms against 0.1) for 3 % fewer bytes.
 */
const QUALITY = 6;

export class PreparedAnswer<T = unknown> {
  readonly etag: string;
  /** The answer's value type, for the API's document (scripts/answerSchemas.ts); never set. */
  declare readonly valueType?: T;
  private readonly encoded = new Map<ShellEncoding, Buffer>();
  constructor(readonly body: string) {
    this.etag = strongEtag(body);
  }

  /** The body in `coding`, compressed on the first ask and kept. */
  encodedAs(coding: ShellEncoding): Buffer {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes = compressTextSync(this.body, coding, QUALITY);
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

/** The successful envelope of `value`, prepared. */
export const prepareAnswer = <T>(value: T) => new PreparedAnswer<T>(JSON.stringify(ok(value)));

/** The reply a prepared answer was sent on, naming the answer's value type for the document. */
export type PreparedReply<T> = FastifyReply & { readonly preparedValue?: T };

/** Below this the text is sent as it is, as @fastify/compress does. */
const THRESHOLD = compressOptions.threshold ?? 1024;

/**
 * Sends a prepared answer: 304 with no body when the request's `If-None-Match` names its ETag,
 * else the text, compressed as the browser accepts (already compressed: the compress plugin
 * leaves an answer with a Content-Encoding as it is). `no-cache`: a browser may keep it but asks
 * each time (a 304 costs a few bytes). The ETag names the text, whatever its coding (as the
 * compress plugin keeps a route's ETag); `Vary` tells caches the coding follows the request.
 */
export function sendPrepared<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer<T>,
): PreparedReply<T> {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  // Negotiated as the site's shell is (RFC 9110: weights, `*`, `x-gzip`, `q=0` refuses).
  const coding =
    answer.body.length >= THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!coding) return reply.send(answer.body);
  return reply.header('content-encoding', coding).send(answer.encodedAs(coding));
}
