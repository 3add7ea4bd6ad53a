import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../errors';

const languageBody = z.object({ language: z.string().regex(/^[A-Za-z]{2}$/) }).strict();

/**
 * "Tell the server" on a language change (spec 4; the path is not shown, this one is ours).
 * It checks the language is offered; once sessions exist (issue 3) it also stores it on the
 * member so server-sent texts follow.
 */
export async function languageRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.put('/wps/system/language', async (request) => {
    const language = parseInput(languageBody, request.body).language.toUpperCase();
    if (!deps.config.brand.languages.includes(language)) {
      throw new ApiError(400, 'invalid_request', `Language ${language} is not offered.`);
    }
    return ok({ language });
  });
}
