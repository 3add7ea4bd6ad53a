import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatServerToClientEvents,
  LaunchChatResult,
  SupportLoginResult,
} from '../../src/shared/chat';
import type { LaunchResult } from '../../src/shared/games';
import type { ServerToClientEvents } from '../../src/shared/realtime';
import { answerSchemas } from '../../server/http/openApi';
import { bearer, loginToken } from '../support/identityClient';
import { grant, newKey, opsCall } from '../support/moneyClient';
import { call, startTestServer, type TestServer } from '../support/testServer';

interface Message {
  name: string;
  description?: string;
  payload: object;
}
interface Document {
  asyncapi: string;
  servers: Record<string, { pathname: string; protocol: string }>;
  channels: Record<string, { address: string | null; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  components: { schemas: Record<string, object>; messages: Record<string, Message> };
}

/** The generated events (server/http/answerSchemas.json), by name. */
const events = (
  answerSchemas as unknown as {
    events: Record<string, { namespace: string; payload: object; description?: string }>;
  }
).events;

/** Every event of the two TypeScript maps: the type check fails when one is missing here. */
const ROOT_EVENTS = {
  salary: true,
  balance: true,
  winner: true,
  withdrawal: true,
  contract: true,
  message: true,
  reward: true,
  vip: true,
  rg: true,
  system: true,
  announcement: true,
  session: true,
} satisfies Record<keyof ServerToClientEvents, true>;
const CHAT_EVENTS = {
  chatMessage: true,
  chatRead: true,
  chatTyping: true,
  chatRoom: true,
  supportRoom: true,
  chatPresence: true,
  chatSession: true,
  opsWithdrawal: true,
  opsFigures: true,
  opsApproval: true,
  opsFeedback: true,
  opsRedemption: true,
} satisfies Record<keyof ChatServerToClientEvents, true>;

/**
 * The socket events' published contract (issue 32): an AsyncAPI 3.0 document generated from the
 * event maps' types (server/http/asyncApi.ts), served at /api/docs/events.json, that lists every
 * event and that the events a real server sends are valid against.
 */
describe('the AsyncAPI document of the socket events', () => {
  let server: TestServer;
  let served: Document;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const reply = await fetch(`${server.url}/api/docs/events.json`);
    expect(reply.status).toBe(200);
    served = (await reply.json()) as Document;
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server?.close();
  });

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  /** The payload's violations of the document's message `name` (none: an empty list). */
  function violations(name: string, payload: unknown): string[] {
    let validate = validators.get(name);
    if (!validate) {
      const message = served.components.messages[name];
      if (!message) return [`${name}: not in the document`];
      // The payload refers to the named types as #/components/schemas/…: one root holds both.
      validate = ajv.compile({
        ...message.payload,
        components: { schemas: served.components.schemas },
      });
      validators.set(name, validate);
    }
    return validate(payload)
      ? []
      : [`${name}: ${ajv.errorsText(validate.errors, { dataVar: 'payload', separator: '; ' })}`];
  }

  /** The document's message a channel lists under `name`, resolved. */
  const channelMessage = (channel: string, name: string) => {
    const pointer = served.channels[channel]?.messages[name]?.$ref;
    return pointer?.startsWith('#/components/messages/')
      ? served.components.messages[pointer.slice('#/components/messages/'.length)]
      : undefined;
  };

  /** A socket that records every event it hears, checked against its channels' messages. */
  async function listening(namespace: string, auth: Record<string, string>, channels: string[]) {
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}${namespace === '/' ? '' : namespace}`, {
      transports: ['websocket'],
      forceNew: true,
      auth,
      reconnection: false,
    });
    sockets.push(socket);
    const heard: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    const problems = () =>
      heard.flatMap(({ event, payload }) =>
        channels.some((channel) => channelMessage(channel, event))
          ? violations(event, payload)
          : [`${event}: in none of ${channels.join(', ')}`],
      );
    const names = () => heard.map(({ event }) => event);
    return { socket, heard, names, problems };
  }

  it('is a valid AsyncAPI 3.0 document', async () => {
    expect(served.asyncapi).toBe('3.0.0');
    const { document, diagnostics } = await new Parser().parse(structuredClone(served) as never);
    const errors = diagnostics.filter(
      (diagnostic) => diagnostic.severity === DiagnosticSeverity.Error,
    );
    expect(errors.map((error) => `${error.path.join('.')}: ${error.message}`)).toEqual([]);
    expect(document).toBeDefined();
    expect(Object.values(served.servers)).toEqual([
      expect.objectContaining({ pathname: '/socket.io', protocol: 'wss' }),
    ]);
  });

  it('lists every event of both maps as a message of its namespace, with its schema', () => {
    const byNamespace = (namespace: string) =>
      Object.keys(events)
        .filter((name) => events[name]!.namespace === namespace)
        .sort();
    expect(byNamespace('/')).toEqual(Object.keys(ROOT_EVENTS).sort());
    expect(byNamespace('/chat')).toEqual(Object.keys(CHAT_EVENTS).sort());
    for (const [name, event] of Object.entries(events)) {
      const message = served.components.messages[name];
      expect(message, name).toMatchObject({ name, payload: event.payload });
      expect(message!.description).toBe(event.description);
      // In at least one channel of its namespace, and received there.
      const channels = Object.entries(served.channels).filter(
        ([, channel]) => channel.messages[name],
      );
      expect(channels.length, name).toBeGreaterThan(0);
      for (const [id, channel] of channels) {
        expect(channel.address, `${name} in ${id}`).toBe(event.namespace);
        expect(
          Object.values(served.operations).some(
            (operation) =>
              operation.action === 'receive' &&
              operation.channel.$ref === `#/channels/${id}` &&
              JSON.stringify(operation).includes(`#/channels/${id}/messages/${name}`),
          ),
          `${name} in ${id}`,
        ).toBe(true);
      }
    }
    // A few by name: where a client hears them, and what they carry.
    expect(channelMessage('member', 'balance')?.payload).toEqual({
      $ref: '#/components/schemas/BalanceEvent',
    });
    expect(served.components.schemas.BalanceEvent).toEqual(answerSchemas.schemas.BalanceEvent);
    expect(channelMessage('agent', 'salary')?.description).toBe(
      "The agent's salary of a period moved (agent room only).",
    );
    expect(channelMessage('public', 'winner')).toBeDefined();
    expect(channelMessage('public', 'system')).toBeDefined();
    expect(channelMessage('chatPlayer', 'chatMessage')).toBeDefined();
    expect(channelMessage('chatConsole', 'supportRoom')).toBeDefined();
    expect(channelMessage('chatPlayer', 'supportRoom')).toBeUndefined();
    // The chat's client-to-server events are sent, `read` with its acknowledgement.
    const read = Object.values(served.operations).find(
      (operation) =>
        operation.action === 'send' && JSON.stringify(operation).includes('/messages/read"'),
    );
    expect(JSON.stringify(read)).toContain('readAck');
    expect(channelMessage('chatPlayer', 'typing')).toBeDefined();
    // Every schema a payload refers to is in the document.
    for (const [, pointer] of JSON.stringify(served).matchAll(
      /"\$ref":"(#\/components\/[^"]+)"/g,
    )) {
      const [, kind, name] = pointer!.split('/').slice(1);
      expect(
        (served.components as Record<string, Record<string, unknown>>)[kind!]?.[name!],
        pointer,
      ).toBeDefined();
    }
  });

  it("holds the root namespace's real events to the document: balance, winner, system", async () => {
    const token = await loginToken(server, 'player1');
    const member = await listening('/', { token }, ['public', 'member']);
    const guest = await listening('/', {}, ['public']);

    // A grant: the member's balance.
    await grant(server, 'player1', '100.00');
    await expect.poll(() => member.names()).toContain('balance');

    // A big win of the demo vendor: everyone's winner board.
    const [game] = await server.deps.db.query<{ node_id: string; vendor: string }>(
      `select node_id, vendor from games where engine = 'slot' and enabled order by node_id limit 1`,
    );
    const launched = await call(server, '/wps/game/launchGame', {
      method: 'POST',
      headers: bearer(token),
      json: { nodeId: game!.node_id, vassalage: game!.vendor, demo: false, language: 'EN' },
    });
    expect(launched.body.success, launched.body.code).toBe(true);
    const launch = new URL((launched.body.value as LaunchResult).url, server.url).searchParams.get(
      'launch',
    );
    const rigged = await call(server, '/wps/dev/demo-vendor/rig', {
      method: 'POST',
      json: { account: 'player1', symbols: ['diamond', 'diamond', 'diamond'] },
    });
    expect(rigged.status).toBe(200);
    const spin = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet: '2.00', roundId: newKey() },
    });
    expect(spin.body.success, spin.body.code).toBe(true);
    await expect.poll(() => guest.names()).toContain('winner');
    await expect.poll(() => member.names()).toContain('winner');

    // Maintenance switched by the operator, and back: every page's system status.
    const end = '2030-01-01T06:00:00.000Z';
    expect((await opsCall(server, '/ops/maintenance', { enabled: true, end })).status).toBe(200);
    expect((await opsCall(server, '/ops/maintenance', { enabled: false })).status).toBe(200);
    await expect.poll(() => guest.names().filter((name) => name === 'system')).toHaveLength(2);
    await expect.poll(() => member.names().filter((name) => name === 'system')).toHaveLength(2);

    expect(member.problems()).toEqual([]);
    expect(guest.problems()).toEqual([]);
    expect(guest.names()).not.toContain('balance');
  });

  it("holds the chat's real events, and what a client sends, to the document", async () => {
    const token = await loginToken(server, 'player2');
    const launched = await call(server, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers: bearer(token),
      json: {},
    });
    const { room } = launched.body.value as LaunchChatResult;
    const staffLogin = await call(server, '/wps/support/session', {
      method: 'POST',
      json: { name: 'support1', password: 'Passw0rd!' },
    });
    expect(staffLogin.body.success, staffLogin.body.code).toBe(true);
    const staffToken = (staffLogin.body.value as SupportLoginResult).token;

    const player = await listening('/chat', { token, room }, ['chatPlayer']);
    const consoleSocket = await listening('/chat', { staffToken }, [
      'chatConsole',
      'chatBackOffice',
    ]);

    const said = await call(server, `/wps/chat/rooms/${room}/messages`, {
      method: 'POST',
      headers: bearer(token),
      json: { text: 'Hello?' },
    });
    expect(said.body.success, said.body.code).toBe(true);
    await expect.poll(() => player.names()).toContain('chatMessage');
    await expect.poll(() => consoleSocket.names()).toContain('chatMessage');
    await expect.poll(() => consoleSocket.names()).toContain('supportRoom');

    // The console types and reads: what it sends, and the acknowledgement, by the document too.
    const typing = { room, typing: true };
    expect(violations('typing', typing)).toEqual([]);
    consoleSocket.socket.emit('typing', typing);
    await expect.poll(() => player.names()).toContain('chatTyping');
    const read = { room, seq: 1 };
    expect(violations('read', read)).toEqual([]);
    const ack: unknown = await consoleSocket.socket.emitWithAck('read', read);
    expect(ack).toEqual({ ok: true });
    expect(violations('readAck', ack)).toEqual([]);
    const refused: unknown = await consoleSocket.socket.emitWithAck('read', { room, seq: 99 });
    expect(refused).toMatchObject({ ok: false });
    expect(violations('readAck', refused)).toEqual([]);
    await expect.poll(() => player.names()).toContain('chatRead');

    expect(player.problems()).toEqual([]);
    expect(consoleSocket.problems()).toEqual([]);
    // The schema is not an empty one: a payload off the type is refused.
    expect(violations('chatMessage', { room })).not.toEqual([]);
    expect(violations('readAck', { ok: 'yes' })).not.toEqual([]);
  });
});
