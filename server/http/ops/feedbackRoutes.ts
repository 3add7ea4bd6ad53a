import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { FEEDBACK_ANSWER_MAX } from '../../../src/shared/feedback';
import {
  answerFeedback,
  feedbackImage,
  feedbackImages,
  listFeedback,
} from '../../domain/feedback/feedback';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) }).strict();

const listQuery = z
  .object({
    status: z.enum(['open', 'answered', 'all']).default('open'),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();

const answerBody = z
  .object({
    answer: z
      .string()
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().min(1, 'must not be empty').max(FEEDBACK_ANSWER_MAX)),
  })
  .strict();

/**
 * Operator endpoints for feedback (issue 16): `npm run ops -- feedback list [--all]`,
 * `feedback show <id>` and `feedback answer <id> "<text>"` (the answer reaches the member's
 * inbox as a notice, with the red dot moving live). An image's cleaned bytes:
 * `GET /ops/feedback/<id>/images/<position>`.
 */
export async function opsFeedbackRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/feedback', { schema: { querystring: listQuery } }, async (request) => {
    authorize(request);
    const { status, limit } = parseInput(listQuery, request.query);
    return ok(
      await listFeedback(deps.db, { status: status === 'all' ? undefined : status, limit }),
    );
  });

  app.get('/ops/feedback/:id', async (request) => {
    authorize(request);
    const { id } = parseInput(idParams, request.params);
    const [feedback] = await listFeedback(deps.db, { id });
    if (!feedback) throw new ApiError(404, 'not_found', 'No such feedback.');
    return ok({ ...feedback, images: await feedbackImages(deps.db, id) });
  });

  app.get('/ops/feedback/:id/images/:position', async (request, reply) => {
    authorize(request);
    const { id, position } = parseInput(
      z
        .object({
          id: z.string().regex(/^\d{1,18}$/),
          position: z.coerce.number().int().min(0).max(2),
        })
        .strict(),
      request.params,
    );
    const image = await feedbackImage(deps.db, id, position);
    if (!image) throw new ApiError(404, 'not_found', 'No such image.');
    return reply
      .type(image.type)
      .header('cache-control', 'no-store')
      .send(Buffer.from(image.bytes));
  });

  app.post('/ops/feedback/:id/answer', { schema: { body: answerBody } }, async (request) => {
    authorize(request);
    const { id } = parseInput(idParams, request.params);
    const { answer } = parseInput(answerBody, request.body);
    const answered = await answerFeedback(deps, id, answer);
    return ok(answered.feedback);
  });
}
