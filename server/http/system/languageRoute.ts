import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import type { AppDeps } from '../../deps';
import { optionalSession } from '../auth';
import { ApiError, parseInput } from '../errors';

const languageBody = z.object({ language: z.string().regex(/^[A-Za-z]{2}$/) }).strict();

/**
 * "Tell the server" on a language change (spec 4; the path is not shown, this one is ours).
 * It checks the language is offered and, for a member (a valid session token), stores it on
 * the member: the next login, on any device, restores it (issue 16). A guest's choice stays on
 * the device.
 */
export async function languageRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.put('/wps/system/language', { schema: { body: languageBody } }, async (request) => {
    const language = parseInput(languageBody, request.body).language.toUpperCase();
    if (!deps.config.brand.languages.includes(language)) {
      throw new ApiError(400, 'invalid_request', `Language ${language} is not offered.`);
    }
    const session = await optionalSession(deps, request);
    if (session)
      await deps.db.query('update members set language = $2 where id = $1', [
        session.memberId,
        language,
      ]);
    return ok({ language, stored: session !== null });
  });
}
