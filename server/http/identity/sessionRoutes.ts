import type { FastifyInstance } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import type { LoginRequest } from '../../../src/shared/identity';
import { issueCaptcha } from '../../domain/identity/captcha';
import { login } from '../../domain/signIn/login';
import { revokeSession } from '../../domain/identity/sessions';
import { sendSmsCode } from '../../domain/identity/smsCodes';
import { startTrial } from '../../domain/signIn/trial';
import { sessionOf } from '../auth';
import { rememberCaptchaAnswer } from '../dev/captchaAnswers';
import type { AppDeps } from '../../deps';
import { rememberDevice } from './devices';
import { ApiError, parseInput } from '../errors';
import { freePlayBody, loginBody, smsBody } from './schemas';
import { commit } from '../../platform/unitOfWork';

/** Session calls (spec 7): key, challenge, captcha, login, SMS codes, free play, logout. */
export async function sessionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/wps/session/key/rsa', async () => ok({ publicKey: deps.identity.keys.publicKeyPem }));

  app.get('/wps/session/challenge', async () =>
    ok({ challenge: await deps.identity.human.issue() }),
  );

  // Spec 7 answers a bare base64 image; ours is { captchaId, image } (issue 32, 6b): the id ties
  // the typed text to this challenge without a server session for guests, and the login and
  // registration bodies send it back beside `captcha`. `image` is a data: URL (SVG).
  app.get(
    '/wps/captcha',
    {
      schema: {
        description:
          'A new captcha: { captchaId, image }. Spec 7 answers the image alone; send captchaId back beside captcha (login, registration). image is a data: URL. One a second per address (429 throttled).',
      },
    },
    async (request) => {
      const limit = await deps.identity.throttles.hit(`captcha:${request.ip}`, {
        windowMs: 1000,
        limit: 1,
      });
      if (!limit.allowed)
        throw new ApiError(429, 'throttled', 'Please wait a second before refreshing the captcha.');
      const { captchaId, image, answer } = await issueCaptcha(deps.db);
      if (deps.devTools) rememberCaptchaAnswer(captchaId, answer);
      return ok({ captchaId, image });
    },
  );

  app.post(
    '/wps/session/login',
    { schema: { body: loginBody }, config: { encrypted: true } },
    async (request, reply) => {
      const body = parseInput(loginBody, request.body) as LoginRequest;
      const result = await login(deps, body, request.ip);
      // Remembered for the self-referral check; a failure here never fails the login.
      await rememberDevice(deps, result.token, request, reply).catch((error: unknown) =>
        request.log.error({ err: error }, 'after login: device'),
      );
      return ok(result);
    },
  );

  app.post('/wps/verification/sms/noLogin', { schema: { body: smsBody } }, async (request) =>
    ok(await sendSmsCode(deps, 'login', parseInput(smsBody, request.body), request.ip)),
  );

  app.post('/wps/verification/sms/register', { schema: { body: smsBody } }, async (request) =>
    ok(await sendSmsCode(deps, 'register', parseInput(smsBody, request.body), request.ip)),
  );

  app.post('/wps/session/login/freeplay', { schema: { body: freePlayBody } }, async (request) => {
    parseInput(freePlayBody, request.body ?? {});
    return ok(await startTrial(deps, request.ip));
  });

  app.delete('/wps/session/logout', { config: { auth: 'session' } }, async (request) => {
    const session = sessionOf(request);
    await commit(deps, async (work) => {
      await revokeSession(work.tx, session.sessionId, 'logout');
      work.changed('sessionsEnded', { sessionIds: [session.sessionId], reason: 'logout' });
    });
    return ok(null);
  });
}
