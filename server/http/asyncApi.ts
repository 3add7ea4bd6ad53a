import type { FastifyInstance } from 'fastify';
import {
  CHAT_NAMESPACE,
  type ChatClientToServerEvents,
  type ChatServerToClientEvents,
} from '../../src/shared/chat';
import { SOCKET_PATH, type ServerToClientEvents } from '../../src/shared/realtime';
import type { StaffRole } from '../../src/shared/staffRoles';
import { chatRooms } from '../realtime/chat';
import { rooms } from '../realtime/io';
import { API_DOCS_PREFIX, answerSchemas } from './openApi';

/** Where the document is served (beside the OpenAPI document, `/api/docs/json`). */
export const ASYNCAPI_JSON_PATH = `${API_DOCS_PREFIX}/events.json`;

type Schema = Record<string, unknown>;

/** One socket event as scripts/answerSchemas.ts writes it (server/http/answerSchemas.json). */
interface EventSchema {
  namespace: string;
  payload: Schema;
  description?: string;
}

/** The generated file's socket events (server to client), by event name. */
const generatedEvents = (answerSchemas as unknown as { events: Record<string, EventSchema> })
  .events;

/**
 * What a client experiences as one channel: a namespace, and the rooms it is put in there (named
 * by the servers' own room functions, with placeholders for the ids).
 */
interface ChannelPlan {
  namespace: string;
  title: string;
  description: string;
}

const CHANNELS = {
  public: {
    namespace: '/',
    title: 'Every page',
    description: `Every socket of the namespace \`/\`, a guest's or a member's: the room \`${rooms.public}\`. \`system\` reaches each socket through its region room (\`${rooms.regionOpen}\` or \`${rooms.regionBlocked}\`), so its status says whether the visitor's region is restricted.`,
  },
  member: {
    namespace: '/',
    title: "A member's own events",
    description: `A socket whose handshake token was accepted: the rooms \`${rooms.member('<memberId>')}\` and \`${rooms.session('<sessionId>')}\`. When the session ends (a logout, a new password, its expiry) the socket hears \`session\`, leaves these rooms and stays connected as a guest.`,
  },
  agent: {
    namespace: '/',
    title: "An agent's own events",
    description: `An agent's socket is also in \`${rooms.agent('<memberId>')}\`.`,
  },
  chatPlayer: {
    namespace: CHAT_NAMESPACE,
    title: "A player's or a guest's chat page",
    description: `A socket of \`${CHAT_NAMESPACE}\` with \`{ token, room }\` (a member) or \`{ guestKey, room }\` (a guest): the rooms \`${chatRooms.room('<room>')}\` (its one room), \`${chatRooms.players}\`, and \`${chatRooms.memberSession('<sessionId>')}\` for a member.`,
  },
  chatConsole: {
    namespace: CHAT_NAMESPACE,
    title: 'The support console',
    description: `A socket of \`${CHAT_NAMESPACE}\` with \`{ staffToken }\`: the rooms \`${chatRooms.staff}\` (every chat room's events) and \`${chatRooms.staffSession('<sessionId>')}\`. A console's live socket is what makes its staff member present (\`chatPresence\`).`,
  },
  chatBackOffice: {
    namespace: CHAT_NAMESPACE,
    title: "The back office's live queues and figures",
    description: `A staff socket whose session proved its second factor is also in \`${chatRooms.staffRole('<role>' as StaffRole)}\` for each of its roles; each event goes to the roles that may act on it.`,
  },
} as const satisfies Record<string, ChannelPlan>;

type ChannelId = keyof typeof CHANNELS;

/**
 * Which channels each event reaches, for every event of the two maps: an event added to
 * src/shared/realtime.ts or src/shared/chat.ts fails the type check until it is placed here.
 */
const ROOT_EVENT_CHANNELS: Record<keyof ServerToClientEvents, ChannelId[]> = {
  winner: ['public'],
  system: ['public'],
  announcement: ['public', 'member'],
  balance: ['member'],
  withdrawal: ['member'],
  contract: ['member'],
  message: ['member'],
  reward: ['member'],
  vip: ['member'],
  rg: ['member'],
  session: ['member'],
  salary: ['agent'],
};

const CHAT_EVENT_CHANNELS: Record<keyof ChatServerToClientEvents, ChannelId[]> = {
  chatMessage: ['chatPlayer', 'chatConsole'],
  chatRead: ['chatPlayer', 'chatConsole'],
  chatTyping: ['chatPlayer', 'chatConsole'],
  chatRoom: ['chatPlayer', 'chatConsole'],
  chatSession: ['chatPlayer', 'chatConsole'],
  chatPresence: ['chatPlayer'],
  supportRoom: ['chatConsole'],
  opsWithdrawal: ['chatBackOffice'],
  opsFigures: ['chatBackOffice'],
  opsApproval: ['chatBackOffice'],
  opsFeedback: ['chatBackOffice'],
  opsRedemption: ['chatBackOffice'],
};

const EVENT_CHANNELS: Record<string, ChannelId[]> = {
  ...ROOT_EVENT_CHANNELS,
  ...CHAT_EVENT_CHANNELS,
};

/** The generated file's client events (the chat's), by event name, with their acknowledgements. */
const generatedClientEvents = (
  answerSchemas as unknown as { clientEvents: Record<string, EventSchema & { ack?: Schema }> }
).clientEvents;

const clientEvent = (name: keyof ChatClientToServerEvents) => {
  const event = generatedClientEvents[name];
  if (!event) throw new Error(`${name} is not in server/http/answerSchemas.json: npm run openapi`);
  return event;
};

/**
 * The chat's client-to-server events and the read's acknowledgement, their payloads generated
 * from ChatClientToServerEvents and ChatAck (src/shared/chat.ts) like the server's events.
 */
const CLIENT_MESSAGES = {
  typing: {
    description:
      'The sender is typing in a room, or stopped. A player sends it for its own room (the consoles hear it); a console for any room (the player and the other consoles hear it).',
    payload: clientEvent('typing').payload,
  },
  read: {
    description:
      "The sender has read a room up to `seq`: the other side hears `chatRead`. Acknowledged (socket.io's callback) with `readAck`.",
    payload: clientEvent('read').payload,
  },
  readAck: {
    description:
      "The acknowledgement of `read`: socket.io's callback argument, not an event. `code`: not_logged_in, chat_rate_limited, invalid_request, chat_room_not_found, unknown_error.",
    payload: clientEvent('read').ack ?? {},
  },
} satisfies Record<string, { description: string; payload: Schema }>;

/** The chat channels a client sends `typing` and `read` on. */
const SENDING_CHANNELS: ChannelId[] = ['chatPlayer', 'chatConsole'];
/** The reply channel of `read`: socket.io's acknowledgement, on the same socket. */
const READ_ACK_CHANNEL = 'chatReadAck';

const DESCRIPTION = `The live events of the site, the support console and the back office: socket.io (Engine.IO 4, socket.io protocol 5) at \`${SOCKET_PATH}\` on the site's own host, in two namespaces, \`/\` and \`${CHAT_NAMESPACE}\`. Written from a client's side: it receives the server's events (each message's name is the event's name, its payload the event's one argument) and, in the chat, sends \`typing\` and \`read\`. The payloads are generated from the event maps' TypeScript types (src/shared/realtime.ts, src/shared/chat.ts). Conventions: docs/api.md, "Live events (socket.io)".

**Handshake.** The namespace \`/\` reads \`auth: { token }\`, a member's session token: with an accepted one the socket joins its member's rooms (and an agent's room); with none, or one not accepted, it is a guest and hears the public events only (never refused). The namespace \`${CHAT_NAMESPACE}\` takes one of \`{ token, room }\` (a member, its own room), \`{ guestKey, room }\` (a guest, with the key CBS_launchChat gave it) or \`{ staffToken }\` (a support console: every room); it refuses anything else with \`connect_error\`, the code as its message (not_logged_in, chat_room_not_found, support_not_logged_in).

**Order.** Every state-like event carries a number that grows per room: \`seq\`, or \`version\` (contracts, withdrawals, the console's room summaries). A client keeps the highest it applied and drops an event that is not higher. Snapshot then deltas: listen first, fetch the HTTP snapshot, then apply the events above it. Chat messages are numbered 1, 2, 3, … per room with no gap: after a gap, fetch the messages after the last one held. Every event is published after its database transaction committed.

**Recovery.** socket.io's connection-state recovery: a client back within two minutes hears the events it missed and \`socket.recovered\` is true; its handshake is checked again and it keeps only the rooms its token still earns. When \`recovered\` is false, fetch the snapshots again. A session that ends sends \`session\` (\`chatSession\` in the chat, which then disconnects the socket).`;

/**
 * The socket events' AsyncAPI 3.0 document (issue 32): one server (socket.io over WebSocket on
 * the site's host), a channel per group of rooms a client is put in, each event a message whose
 * payload is the schema scripts/answerSchemas.ts generated from the event maps' types (with the
 * named types it references) and whose description is the event's comment there. Served at
 * `/api/docs/events.json`; also what a script writes to docs/asyncapi.json.
 */
export function buildAsyncApi(options: { title: string; version: string }): Schema {
  const placed = new Set(Object.keys(EVENT_CHANNELS));
  const unplaced = Object.keys(generatedEvents).filter((name) => !placed.has(name));
  const missing = [...placed].filter((name) => !generatedEvents[name]);
  if (unplaced.length > 0 || missing.length > 0) {
    throw new Error(
      `server/http/answerSchemas.json and the event maps differ (run npm run openapi): ${[...unplaced, ...missing].join(', ')}`,
    );
  }

  const messages: Record<string, Schema> = {};
  for (const [name, event] of Object.entries(generatedEvents)) {
    messages[name] = {
      name,
      title: name,
      ...(event.description ? { description: event.description } : {}),
      payload: event.payload,
    };
  }
  for (const [name, message] of Object.entries(CLIENT_MESSAGES)) {
    messages[name] = { name, title: name, ...message };
  }

  const ref = (pointer: string) => ({ $ref: pointer });
  const messageRef = (name: string) => ref(`#/components/messages/${name}`);
  const channels: Record<string, Schema> = {};
  const operations: Record<string, Schema> = {};
  for (const [id, plan] of Object.entries(CHANNELS) as [ChannelId, ChannelPlan][]) {
    const received = Object.keys(generatedEvents).filter((name) =>
      EVENT_CHANNELS[name]!.includes(id),
    );
    for (const name of received) {
      if (generatedEvents[name]!.namespace !== plan.namespace) {
        throw new Error(`${name} is an event of ${generatedEvents[name]!.namespace}, not of ${id}`);
      }
    }
    const sent = SENDING_CHANNELS.includes(id) ? ['typing', 'read'] : [];
    channels[id] = {
      address: plan.namespace,
      title: plan.title,
      description: plan.description,
      messages: Object.fromEntries([...received, ...sent].map((name) => [name, messageRef(name)])),
    };
    for (const name of received) {
      operations[`${id}_${name}`] = {
        action: 'receive',
        channel: ref(`#/channels/${id}`),
        messages: [ref(`#/channels/${id}/messages/${name}`)],
      };
    }
    for (const name of sent) {
      operations[`${id}_${name}`] = {
        action: 'send',
        channel: ref(`#/channels/${id}`),
        messages: [ref(`#/channels/${id}/messages/${name}`)],
        ...(name === 'read'
          ? {
              reply: {
                channel: ref(`#/channels/${READ_ACK_CHANNEL}`),
                messages: [ref(`#/channels/${READ_ACK_CHANNEL}/messages/readAck`)],
              },
            }
          : {}),
      };
    }
  }
  channels[READ_ACK_CHANNEL] = {
    address: null,
    title: 'The acknowledgement of read',
    description:
      "socket.io's acknowledgement: the callback the client passes with `read`, called on the same socket.",
    messages: { readAck: messageRef('readAck') },
  };

  return {
    asyncapi: '3.0.0',
    info: { title: options.title, version: options.version, description: DESCRIPTION },
    defaultContentType: 'application/json',
    servers: {
      site: {
        host: '{host}',
        pathname: SOCKET_PATH,
        protocol: 'wss',
        title: 'The site itself',
        description: `socket.io over a WebSocket at \`${SOCKET_PATH}\` on the host that serves the site (the page connects to its own origin; \`ws\` over plain HTTP in development). HTTP long-polling is served too, except by a cluster of processes (WEB_CONCURRENCY), which serves the WebSocket only.`,
        variables: {
          host: {
            description: "The site's own host (and port).",
            examples: ['localhost:8080'],
          },
        },
      },
    },
    channels,
    operations,
    components: { schemas: referencedSchemas(Object.values(messages)), messages },
  };
}

/**
 * The named types the payloads reference, with those they reference in turn. AsyncAPI 3 keeps
 * them at `#/components/schemas` as OpenAPI does, so the generated `$ref`s stay as they are.
 */
function referencedSchemas(roots: unknown[]): Record<string, Schema> {
  const named: Record<string, Schema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const pointer = (node as { $ref?: unknown }).$ref;
    if (typeof pointer === 'string') {
      const name = /^#\/components\/schemas\/(.+)$/.exec(pointer)?.[1];
      const schema = name === undefined ? undefined : answerSchemas.schemas[name];
      if (!name || !schema) throw new Error(`a payload refers to an unknown schema: ${pointer}`);
      if (!named[name]) {
        named[name] = schema as Schema;
        visit(schema);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(roots);
  return Object.fromEntries(Object.entries(named).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Serves the document at `/api/docs/events.json` (left out of the OpenAPI document). Built at
 * the first request, then kept.
 */
export function installAsyncApi(
  app: FastifyInstance,
  options: { title: string; version: string },
): void {
  let document: Schema | null = null;
  app.get(ASYNCAPI_JSON_PATH, { schema: { hide: true } as object }, async () => {
    document ??= structuredClone(buildAsyncApi(options));
    return document;
  });
}
