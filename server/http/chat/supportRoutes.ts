import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StaffMe, SupportLoginResult } from '../../../src/shared/chat';
import { ok } from '../../../src/shared/envelope';
import { closeRoom, history, roomFor, roomSummaries } from '../../domain/chat/rooms';
import { setAvailability } from '../../domain/chat/staff';
import { playerPanel, requireMoneyRole } from '../../domain/chat/playerPanel';
import { confirmTwoFactor, startTwoFactor } from '../../domain/backOffice/twoFactor';
import {
  loginStaff,
  logoutStaff,
  resolveStaffSession,
  type StaffSession,
} from '../../domain/chat/staffSessions';
import { bearerToken } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { historyQuery, imageParams, roomParams, sendImage, sendText, textBody } from './chatRoutes';
import { commit } from '../../platform/unitOfWork';

/**
 * The operator console's calls (issue 16, /support): support staff log in with their own
 * accounts (made by `npm run ops -- support add`), read and answer every open chat, close
 * them. A console token reaches these calls only, and these calls accept nothing else: a
 * member's token is "not logged in" here. What a chat shows of a member: account and nickname.
 */

const loginBody = z
  .object({
    name: z.string().min(1).max(64),
    password: z.string().min(1).max(200),
    /** The authenticator app's code, or a recovery code (issue 30), when two-factor is on. */
    code: z.string().max(10).optional(),
    recoveryCode: z.string().max(20).optional(),
  })
  .strict();
const codeBody = z.object({ code: z.string().min(1).max(10) }).strict();
const availabilityBody = z.object({ available: z.boolean() }).strict();
const listQuery = z
  .object({
    status: z.enum(['open', 'closed']).default('open'),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  })
  .strict();

async function staffOf(deps: AppDeps, request: FastifyRequest): Promise<StaffSession> {
  const token = bearerToken(request);
  const session = token ? await resolveStaffSession(deps.db, token) : null;
  if (!session) {
    throw new ApiError(401, 'support_not_logged_in', 'Log in to the support console.');
  }
  return session;
}

const viewOf = (session: StaffSession): StaffMe => ({
  id: session.staffId,
  name: session.name,
  displayName: session.displayName,
  available: session.available,
  roles: session.roles,
  twoFactorOn: session.twoFactorOn,
  twoFactor: session.twoFactor,
});

export async function supportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/wps/support/session', { schema: { body: loginBody } }, async (request) => {
    const body = parseInput(loginBody, request.body);
    const login = await loginStaff(deps.db, deps.identity.throttles, deps.identity.secrets, {
      ...body,
      address: deps.visitorOf(request.raw).ip,
    });
    const answer: SupportLoginResult = {
      token: login.token,
      staff: viewOf(login.session),
      expiresAt: login.expiresAt,
    };
    return ok(answer);
  });

  app.delete('/wps/support/session', async (request) => {
    const session = await staffOf(deps, request);
    await commit(deps, async (work) => {
      await logoutStaff(work.tx, session.sessionId);
      work.changed('staffSessionsEnded', { sessionIds: [session.sessionId], reason: 'logout' });
    });
    return ok(null);
  });

  app.get('/wps/support/me', async (request) => ok(viewOf(await staffOf(deps, request))));

  // Two-factor sign-in (issue 30): the signed-in staff member sets up an authenticator app (a
  // QR code and its secret), then confirms it with a first code and gets ten recovery codes.
  app.post('/wps/support/two-factor/setup', async (request) => {
    const session = await staffOf(deps, request);
    return ok(await startTwoFactor(deps.db, deps.identity.secrets, session));
  });

  app.post('/wps/support/two-factor/confirm', { schema: { body: codeBody } }, async (request) => {
    const session = await staffOf(deps, request);
    const { code } = parseInput(codeBody, request.body);
    return ok(await confirmTwoFactor(deps, deps.identity.secrets, session, code));
  });

  app.put('/wps/support/availability', { schema: { body: availabilityBody } }, async (request) => {
    const session = await staffOf(deps, request);
    const { available } = parseInput(availabilityBody, request.body);
    const staff = await commit(deps, async (work) => {
      const staff = await setAvailability(work.tx, session.staffId, available);
      work.changed('chat', { kind: 'availability' });
      return staff;
    });
    return ok(staff);
  });

  app.get('/wps/support/rooms', { schema: { querystring: listQuery } }, async (request) => {
    await staffOf(deps, request);
    const { status, limit } = parseInput(listQuery, request.query);
    return ok({ items: await roomSummaries(deps.db, { status, limit }) });
  });

  app.get(
    '/wps/support/rooms/:room/messages',
    { schema: { querystring: historyQuery } },
    async (request) => {
      const session = await staffOf(deps, request);
      const { room } = parseInput(roomParams, request.params);
      const { after, limit } = parseInput(historyQuery, request.query);
      const found = await roomFor(deps.db, room, { kind: 'staff', staffId: session.staffId });
      return ok(await history(deps.db, found, after, limit));
    },
  );

  // The player panel beside a chat: the member's account and money, for the roles that may
  // read a member's money (server/domain/chat/playerPanel.ts); any other role is refused.
  app.get('/wps/support/rooms/:room/player', async (request) => {
    const session = await staffOf(deps, request);
    requireMoneyRole(session.roles);
    const { room } = parseInput(roomParams, request.params);
    const found = await roomFor(deps.db, room, { kind: 'staff', staffId: session.staffId });
    return ok(await playerPanel(deps.db, found, deps.clock.now()));
  });

  app.post('/wps/support/rooms/:room/messages', { schema: { body: textBody } }, async (request) => {
    const session = await staffOf(deps, request);
    const { room } = parseInput(roomParams, request.params);
    const body = parseInput(textBody, request.body);
    const who = { kind: 'staff', staffId: session.staffId } as const;
    return ok(await sendText(deps, request, who, room, body));
  });

  app.post('/wps/support/rooms/:room/close', async (request) => {
    const session = await staffOf(deps, request);
    const { room } = parseInput(roomParams, request.params);
    parseInput(z.object({}).strict(), request.body ?? {});
    const closed = await commit(deps, async (work) => {
      const closed = await closeRoom(work.tx, room, session.staffId);
      work.changed('chat', { kind: 'room', room: closed.room, roomId: closed.roomId });
      return closed;
    });
    return ok(closed.room);
  });

  app.get('/wps/support/rooms/:room/images/:id', async (request, reply) => {
    const session = await staffOf(deps, request);
    return sendImage(
      deps,
      { kind: 'staff', staffId: session.staffId },
      parseInput(imageParams, request.params),
      reply,
    );
  });
}
