import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import {
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_PATH,
  type FeedbackView,
} from '../../../src/shared/feedback';
import { listFeedback, refuse, refuseImage, submitFeedback } from '../../domain/feedback/feedback';
import {
  decodeBase64Image,
  IMAGE_BASE64_MAX,
  reserveImageAttempt,
} from '../../domain/uploads/imageUploads';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

/** Sends (stored or refused) a member may make in an hour; at most FEEDBACK_PER_HOUR are stored. */
const ATTEMPTS_PER_HOUR = 40;

/**
 * Room for one image more than allowed, each of the largest size, and the texts: a fourth image
 * is refused with its own code (feedback_too_many_images), and a 6 MB image with its own
 * (feedback_image_too_large), instead of a bare "body too large". Larger bodies are 413s.
 */
export const FEEDBACK_BODY_LIMIT = (FEEDBACK_IMAGES_MAX + 1) * IMAGE_BASE64_MAX + 64 * 1024;

/**
 * The shape only: which fields, of which types. What they hold (category in the list, lengths
 * counted as a person counts, image count, size, type and content) is checked by the domain
 * with the shared rules, each refusal with its own code.
 */
const feedbackBody = z
  .object({
    category: z.string().max(64),
    text: z.string(),
    remark: z.string().nullable().default(null),
    images: z
      .array(z.object({ data: z.string() }).strict())
      .max(20)
      .default([]),
  })
  .strict();

const mineQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }).strict();

/**
 * Spec 7 `PUT /wps/feedback` (JSON, images in base64; ours) and the member's own past feedback
 * (`GET /wps/feedback`, ours). Real accounts only: an answer lands in the inbox, which trial
 * accounts do not have (spec 4).
 */
export async function feedbackRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.put(
    FEEDBACK_PATH,
    {
      schema: { body: feedbackBody },
      config: { auth: 'realMoney' },
      bodyLimit: FEEDBACK_BODY_LIMIT,
    },
    async (request) => {
      const { memberId } = sessionOf(request);
      // Every attempt is reserved before the slow work (decoding up to three images): refused
      // sends do not use up the hourly quota of stored feedback, but they cannot be repeated
      // without bound to keep the server decoding (ATTEMPTS_PER_HOUR, one statement).
      const attempt = await reserveImageAttempt(
        deps.identity.throttles,
        `feedback-attempt:${memberId}`,
        ATTEMPTS_PER_HOUR,
      );
      if (!attempt.allowed) {
        throw new ApiError(
          429,
          'feedback_rate_limited',
          'Too many feedback attempts this hour. Please try again later.',
          { retryAfterSeconds: attempt.retryAfterSeconds },
        );
      }
      const body = parseInput(feedbackBody, request.body);
      if (body.images.length > FEEDBACK_IMAGES_MAX) {
        refuse({ code: 'feedback_too_many_images', field: 'images' });
      }
      const view: FeedbackView = await submitFeedback(deps, memberId, {
        category: body.category,
        text: body.text,
        remark: body.remark ?? '',
        images: body.images.map((image, index) =>
          decodeBase64Image(image.data, index, refuseImage),
        ),
      });
      return ok(view);
    },
  );

  app.get(
    FEEDBACK_PATH,
    { schema: { querystring: mineQuery }, config: { auth: 'realMoney' } },
    async (request) => {
      const { limit } = parseInput(mineQuery, request.query);
      const items = await listFeedback(deps.db, { memberId: sessionOf(request).memberId, limit });
      return ok({ items: items.map(({ account: _account, ...view }): FeedbackView => view) });
    },
  );
}
