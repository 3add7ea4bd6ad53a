import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_HISTORY_PAGE,
  CHAT_IMAGE_ATTEMPTS_PER_HOUR,
  CHAT_IMAGES_PER_HOUR,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_STAFF_MESSAGES_PER_MINUTE,
  CHAT_TEXT_MAX,
  type ChatHistory,
  type ChatMessage,
  checkChatText,
  CLIENT_ID,
  GUEST_KEY,
  GUEST_KEY_HEADER,
  ROOM_TOKEN,
} from '../../../src/shared/chat';
import { ok } from '../../../src/shared/envelope';
import { modelList } from '../../domain/chat/events';
import {
  type ChatParticipant,
  chatImage,
  guestKeyHash,
  guestKeyKnown,
  history,
  launchGuestChat,
  launchMemberChat,
  postMessage,
  roomFor,
} from '../../domain/chat/rooms';
import { resolveSession } from '../../domain/identity/sessions';
import {
  cleanImageUploads,
  decodeBase64Image,
  IMAGE_BASE64_MAX,
  type ImageProblem,
  reserveImageAttempt,
} from '../../domain/uploads/imageUploads';
import { bearerToken } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';

/**
 * The live chat's calls (issue 16). Spec 7's `CBS_modelList` and `CBS_launchChat` are relays;
 * the room's own calls are ours, under /wps/chat. Members (a session token) and guests (the key
 * their browser was given, in the X-Chat-Guest header) reach their own room only; someone
 * else's room answers as one that does not exist. These paths stay open in maintenance and for
 * restricted visitors: the blocking screens offer live support (spec 2).
 */

/** New guests (a new key and room) an address may start in an hour. */
const GUEST_LAUNCHES_PER_HOUR = 30;
/** Messages all the guests of one address may send in a minute. */
const GUEST_MESSAGES_PER_MINUTE_PER_ADDRESS = 60;

export const roomParams = z.object({ room: z.string().regex(ROOM_TOKEN, 'not a room') }).strict();
export const imageParams = z
  .object({
    room: z.string().regex(ROOM_TOKEN, 'not a room'),
    id: z.string().regex(/^\d{1,18}$/, 'not an image'),
  })
  .strict();
export const historyQuery = z
  .object({
    after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE).default(CHAT_HISTORY_PAGE),
  })
  .strict();
const clientId = z.string().regex(CLIENT_ID, 'not a client id').nullable().default(null);
/** The shape only; what the text holds is checked with the shared rule (checkChatText). */
export const textBody = z.object({ text: z.string().max(CHAT_TEXT_MAX * 20), clientId }).strict();
const imageBody = z.object({ data: z.string(), clientId }).strict();

/**
 * Room for one image of 5 MB and more: a 6 MB image is refused with its own code
 * (chat_image_too_large) rather than a bare "body too large".
 */
const IMAGE_BODY_LIMIT = 2 * IMAGE_BASE64_MAX + 64 * 1024;

/** A member (by session token) or a guest (by key); neither is 401. */
export async function playerOf(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<Extract<ChatParticipant, { kind: 'member' | 'guest' }>> {
  const token = bearerToken(request);
  if (token) {
    const session = await resolveSession(deps.db, token);
    if (!session) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
    return { kind: 'member', memberId: session.memberId };
  }
  const key = guestKeyOf(request);
  if (key) return { kind: 'guest', keyHash: guestKeyHash(key) };
  throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
}

function guestKeyOf(request: FastifyRequest): string | null {
  const key = request.headers[GUEST_KEY_HEADER];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !GUEST_KEY.test(key)) {
    throw new ApiError(400, 'chat_guest_key_invalid', 'This chat key is not valid.');
  }
  return key;
}

const sendKey = (who: ChatParticipant) =>
  who.kind === 'member'
    ? `member:${who.memberId}`
    : who.kind === 'staff'
      ? `staff:${who.staffId}`
      : `guest:${who.keyHash.toString('hex')}`;

function rateLimited(retryAfterMs: number, message: string): ApiError {
  return new ApiError(429, 'chat_rate_limited', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/**
 * Sends a text message: the text checked with the shared rule (its own code, nothing stored),
 * then one of the sender's messages of the minute reserved in one statement, then stored.
 */
export async function sendText(
  deps: AppDeps,
  request: FastifyRequest,
  who: ChatParticipant,
  room: string,
  body: z.infer<typeof textBody>,
): Promise<ChatMessage> {
  const problem = checkChatText(body.text);
  if (problem) {
    const messages = {
      chat_text_required: 'Write a message first.',
      chat_text_too_long: `A message is at most ${CHAT_TEXT_MAX} characters.`,
      chat_text_invalid: 'A message must not hold control characters.',
    } as const;
    throw new ApiError(400, problem, messages[problem], { field: 'text' });
  }
  // A guest is counted by address first, and only a guest whose key owns the room gets a
  // counter of its own (by the room): a key made up for each request would otherwise leave a
  // row behind each time.
  if (who.kind === 'guest') {
    const address = deps.visitorOf(request.raw).ip;
    const byAddress = await deps.identity.throttles.hit(`chat-send-ip:${address}`, {
      windowMs: 60_000,
      limit: GUEST_MESSAGES_PER_MINUTE_PER_ADDRESS,
    });
    if (!byAddress.allowed) {
      throw rateLimited(byAddress.retryAfterMs, 'Too many messages from here. Please wait.');
    }
    await roomFor(deps.db, room, who);
  }
  const limit = who.kind === 'staff' ? CHAT_STAFF_MESSAGES_PER_MINUTE : CHAT_MESSAGES_PER_MINUTE;
  const senderKey = who.kind === 'guest' ? `guest-room:${room}` : sendKey(who);
  const sent = await deps.identity.throttles.hit(`chat-send:${senderKey}`, {
    windowMs: 60_000,
    limit,
  });
  if (!sent.allowed) {
    throw rateLimited(sent.retryAfterMs, `At most ${limit} messages a minute. Please wait.`);
  }
  const posted = await postMessage(deps, room, who, {
    text: body.text,
    clientId: body.clientId,
  });
  return posted.message;
}

/** An image's refusal in the chat's own codes, naming the field. */
function refuseChatImage(problem: ImageProblem): never {
  switch (problem.kind) {
    case 'too_large':
      throw new ApiError(413, 'chat_image_too_large', 'An image must be at most 5 MB.', {
        field: 'image',
      });
    case 'type':
    case 'too_many':
      throw new ApiError(415, 'chat_image_type', 'Images must be png or jpg files.', {
        field: 'image',
      });
    case 'corrupt':
      throw new ApiError(400, 'chat_image_corrupt', 'This image cannot be read.', {
        field: 'image',
      });
  }
}

/** Serves a picture of a room to whoever may see the room (never cached by the browser). */
export async function sendImage(
  deps: AppDeps,
  who: ChatParticipant,
  params: z.infer<typeof imageParams>,
  reply: FastifyReply,
) {
  const room = await roomFor(deps.db, params.room, who);
  const image = await chatImage(deps.db, room, params.id);
  if (!image) throw new ApiError(404, 'chat_image_not_found', 'No such image in this chat.');
  return reply
    .type(image.type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(Buffer.from(image.bytes));
}

export function chatRelays(deps: AppDeps): RelayTable {
  return {
    // Spec 7: the hosts (support staff) and their presence.
    CBS_modelList: {
      method: 'GET',
      handle: async (request) => {
        parseInput(z.object({}).strict(), request.query);
        return modelList(deps.db, deps.chat.presence);
      },
    },
    // Spec 7: the address of the caller's chat room (`chatUrl`), made when there is none open.
    CBS_launchChat: {
      method: 'POST',
      handle: async (request) => {
        parseInput(z.object({}).strict(), request.body ?? {});
        const token = bearerToken(request);
        if (token) {
          const session = await resolveSession(deps.db, token);
          if (!session) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
          return launchMemberChat(deps.db, session.memberId);
        }
        // A key this server gave finds its room (or a new one after the last was closed); no
        // key, or one it never gave, is a new guest: a new key, counted per address.
        const key = guestKeyOf(request);
        if (key && (await guestKeyKnown(deps.db, key))) return launchGuestChat(deps.db, key);
        const address = deps.visitorOf(request.raw).ip;
        const launch = await deps.identity.throttles.hit(`chat-guest-launch:${address}`, {
          windowMs: 60 * 60_000,
          limit: GUEST_LAUNCHES_PER_HOUR,
        });
        if (!launch.allowed) {
          throw rateLimited(launch.retryAfterMs, 'Too many chats from here. Please try later.');
        }
        return launchGuestChat(deps.db, null);
      },
    },
  };
}

export async function chatRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/wps/chat/rooms/:room/messages',
    { schema: { querystring: historyQuery } },
    async (request) => {
      const who = await playerOf(deps, request);
      const { room } = parseInput(roomParams, request.params);
      const { after, limit } = parseInput(historyQuery, request.query);
      const found = await roomFor(deps.db, room, who);
      const answer: ChatHistory = await history(deps.db, found, after, limit);
      return ok(answer);
    },
  );

  app.post('/wps/chat/rooms/:room/messages', { schema: { body: textBody } }, async (request) => {
    const who = await playerOf(deps, request);
    const { room } = parseInput(roomParams, request.params);
    const body = parseInput(textBody, request.body);
    return ok(await sendText(deps, request, who, room, body));
  });

  // A picture, members only: the same checks as feedback's (png or jpg by content, 5 MB,
  // metadata stripped), every attempt reserved before decoding, the stored ones counted.
  const uploaders = new WeakMap<FastifyRequest, { kind: 'member'; memberId: string }>();
  app.post(
    '/wps/chat/rooms/:room/images',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      // Before the body is read: a stranger's or a guest's megabytes are refused unread, and
      // every member's attempt is reserved first.
      onRequest: async (request) => {
        const who = await playerOf(deps, request);
        if (who.kind !== 'member') {
          throw new ApiError(403, 'chat_images_members_only', 'Log in to send pictures.');
        }
        const attempt = await reserveImageAttempt(
          deps.identity.throttles,
          `chat-image-attempt:${who.memberId}`,
          CHAT_IMAGE_ATTEMPTS_PER_HOUR,
        );
        if (!attempt.allowed) {
          throw rateLimited(attempt.retryAfterSeconds * 1000, 'Too many pictures this hour.');
        }
        uploaders.set(request, who);
      },
    },
    async (request) => {
      const who = uploaders.get(request)!;
      const { room } = parseInput(roomParams, request.params);
      const body = parseInput(imageBody, request.body);
      const found = await roomFor(deps.db, room, who);
      if (found.status !== 'open') {
        throw new ApiError(409, 'chat_room_closed', 'This chat was closed. Start a new one.');
      }
      const [image] = cleanImageUploads(
        [decodeBase64Image(body.data, 0, refuseChatImage)],
        refuseChatImage,
      );
      const stored = await deps.identity.throttles.hit(`chat-image:${who.memberId}`, {
        windowMs: 60 * 60_000,
        limit: CHAT_IMAGES_PER_HOUR,
      });
      if (!stored.allowed) {
        throw rateLimited(
          stored.retryAfterMs,
          `At most ${CHAT_IMAGES_PER_HOUR} pictures an hour. Please try again later.`,
        );
      }
      const posted = await postMessage(deps, room, who, {
        image: image!,
        clientId: body.clientId,
      });
      return ok(posted.message);
    },
  );

  app.get('/wps/chat/rooms/:room/images/:id', async (request, reply) => {
    const who = await playerOf(deps, request);
    return sendImage(deps, who, parseInput(imageParams, request.params), reply);
  });
}
