import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, type MemberIcon } from '../../../src/shared/avatars';
import type { MemberInfo } from '../../../src/shared/identity';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The member's avatar (issue 16): GET /wps/member/info/icon answers the chosen picture (the
 * default until one is chosen) and the set; PUT chooses one of the set, stored on the member,
 * so member info (the header) and another session show it. Anything else is refused.
 */
describe.each(engines)('member avatar on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await loginToken(server, 'player3');
  });
  afterAll(() => server.close());

  const icon = async (auth = token) =>
    (await call(server, '/wps/member/info/icon', { headers: bearer(auth) })).body
      .value as MemberIcon;
  const choose = (avatar: unknown, auth = token) =>
    call(server, '/wps/member/info/icon', {
      method: 'PUT',
      headers: bearer(auth),
      json: { avatar },
    });

  it('answers the default picture and the set until one is chosen', async () => {
    const answer = await icon();
    expect(answer.avatar).toBeNull();
    expect(answer.iconUrl).toBe('/avatars/default.svg');
    expect(answer.choices.map((choice) => choice.avatar)).toEqual([...avatars]);
    // Every picture of the set ships with the site.
    const { existsSync } = await import('node:fs');
    for (const choice of answer.choices) expect(existsSync(`public${choice.iconUrl}`)).toBe(true);
  });

  it('stores a chosen avatar on the member: member info and the icon call show it', async () => {
    const chosen = await choose('crown');
    expect(chosen.status).toBe(200);
    expect((chosen.body.value as MemberIcon).iconUrl).toBe('/avatars/crown.svg');
    expect((await icon()).avatar).toBe('crown');
    const info = await call(server, '/wps/member/info', { headers: bearer(token) });
    expect((info.body.value as MemberInfo).iconUrl).toBe('/avatars/crown.svg');
    // Back to the default picture.
    expect((await choose(null)).status).toBe(200);
    expect((await icon()).iconUrl).toBe('/avatars/default.svg');
  });

  it('refuses anything but one of the set, and a caller without a session', async () => {
    for (const bad of ['unicorn', '', 'CROWN', '../default', 7, { name: 'star' }]) {
      const reply = await choose(bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      expect(reply.body.message).toMatch(/avatar: one of star, moon, .*, or null for the default/);
    }
    const extra = await call(server, '/wps/member/info/icon', {
      method: 'PUT',
      headers: bearer(token),
      json: { avatar: 'star', colour: 'red' },
    });
    expect(extra.status).toBe(400);
    const missing = await call(server, '/wps/member/info/icon', {
      method: 'PUT',
      headers: bearer(token),
      json: {},
    });
    expect(missing.status).toBe(400);
    expect((await choose('star', 'not-a-token')).status).toBe(401);
    const guest = await call(server, '/wps/member/info/icon');
    expect(guest.status).toBe(401);
    expect((await icon()).avatar).toBeNull();
  });
});
