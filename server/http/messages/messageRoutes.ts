import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import {
  MESSAGE_BATCH_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_PAGE_SIZE,
  MESSAGE_SUBJECT_MAX,
  messageEndpoints,
  type MessageSelection,
  UNREAD_COUNT_RELAY,
} from '../../../src/shared/messages';
import { listInbox, markRead, removeMessages, unreadCount } from '../../domain/messages/inbox';
import { sendFromAgent } from '../../domain/messages/send';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';
import { commit } from '../../platform/unitOfWork';

const inboxQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(MESSAGE_PAGE_SIZE),
  })
  .strict();

const selectionBody = z.union([
  z
    .object({
      ids: z
        .array(z.string().regex(/^\d{1,18}$/))
        .min(1)
        .max(MESSAGE_BATCH_MAX),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** C0 controls and DEL; line breaks and tabs allowed where the text has lines. */
function hasControlCharacters(value: string, lineBreaks: boolean): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (lineBreaks && (char === '\n' || char === '\t')) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Text a person typed: trimmed, not blank, without control characters but line breaks. */
const typedText = (max: number, lineBreaks: boolean) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, 'must not be empty')
        .max(max, `at most ${max} characters`)
        .refine((value) => !hasControlCharacters(value, lineBreaks), {
          message: 'must not hold control characters',
        }),
    );

const sendBody = z
  .object({
    to: z.union([
      z.object({ account: z.string().trim().min(1).max(64) }).strict(),
      z.object({ directDownlines: z.literal(true) }).strict(),
    ]),
    subject: typedText(MESSAGE_SUBJECT_MAX, false),
    body: typedText(MESSAGE_BODY_MAX, true),
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
  })
  .strict();

/**
 * The inbox (player messageV2 and the agent's messages page, paths ours) and the agent's sends.
 * Trial accounts have no inbox (spec 4: no unread-message fetch for them).
 */
export async function messageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    messageEndpoints.inbox,
    { schema: { querystring: inboxQuery }, config: { auth: 'realMoney' } },
    async (request) => {
      const query = parseInput(inboxQuery, request.query);
      return ok(await listInbox(deps.db, sessionOf(request).memberId, query));
    },
  );

  app.get(messageEndpoints.unread, { config: { auth: 'realMoney' } }, async (request) =>
    ok(await unreadAnswer(deps, request)),
  );

  const change = (apply: typeof markRead) => async (request: FastifyRequest) => {
    const memberId = sessionOf(request).memberId;
    const selection: MessageSelection = parseInput(selectionBody, request.body);
    const changed = await commit(deps, async (work) => {
      const changed = await apply(work.tx, memberId, selection);
      // The member's other tabs update their red dot.
      if (changed > 0) work.changed('message', { memberIds: [memberId], reason: 'changed' });
      return changed;
    });
    return ok({ changed, unread: await unreadCount(deps.db, memberId) });
  };
  const selection = { schema: { body: selectionBody }, config: { auth: 'realMoney' as const } };
  app.post(messageEndpoints.read, selection, change(markRead));
  app.post(messageEndpoints.remove, selection, change(removeMessages));

  app.post(
    messageEndpoints.send,
    { schema: { body: sendBody }, config: { auth: 'agent' } },
    async (request) => {
      const body = parseInput(sendBody, request.body);
      const sent = await commit(deps, async (work) => {
        const sent = await sendFromAgent(work.tx, sessionOf(request).memberId, body);
        work.changed('message', { memberIds: sent.memberIds, reason: 'received' });
        return sent;
      });
      return ok({ delivered: sent.delivered });
    },
  );
}

/** GET /wps/messages/unread and the getUnreadMessageV2 relay: `{ unread }`. */
async function unreadAnswer(deps: AppDeps, request: FastifyRequest): Promise<{ unread: number }> {
  return { unread: await unreadCount(deps.db, sessionOf(request).memberId) };
}

/** Spec 7 CSP_unreadCount (T): the unread count for the header and the member centre. */
export function messageRelays(deps: AppDeps): RelayTable {
  return {
    // Spec 7 names getUnreadMessageV2 without a path (issue 32, finding 4): the same answer as
    // GET /wps/messages/unread, real-money members only (spec 4: trials fetch no unread count).
    getUnreadMessageV2: {
      method: 'GET',
      auth: 'realMoney',
      handle: (request) => unreadAnswer(deps, request),
    },
    [UNREAD_COUNT_RELAY]: {
      method: 'GET',
      auth: 'realMoney',
      handle: async (request) => ({
        count: await unreadCount(deps.db, sessionOf(request).memberId),
      }),
    },
  };
}
