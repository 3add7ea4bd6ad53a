import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OpsLedgerLine,
  OpsMemberDetail,
  OpsMemberRow,
} from '../../../src/shared/backOfficeMembers';
import { accountCommands } from '../../../server/ops/commands/accounts';
import { parseCommand } from '../../../server/ops/commands/args';
import { grant } from '../../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';
import { asStaff, newStaff, type TestStaff } from './staffClient';

/**
 * The back office's members page (issue 30): a search by account, mobile, e-mail and agent; one
 * member's file (wallets, ledger, sessions, addresses, devices, notes); support reads it masked
 * and risk whole; a note is appended and named; finance reads only the ledger.
 */
describe.each(engines)('back office members on %s', (engine) => {
  let server: TestServer;
  let risk: TestStaff;
  let support: TestStaff;
  let finance: TestStaff;
  beforeAll(async () => {
    server = await startTestServer(engine);
    [risk, support, finance] = await Promise.all([
      newStaff(server, 'risk.mem', ['risk']),
      newStaff(server, 'sup.mem', ['support']),
      newStaff(server, 'fin.mem', ['finance']),
    ]);
    const db = server.deps.db;
    const [agent] = await db.query<{ id: string }>(
      `insert into members (account, nickname, password_hash, type)
       values ('bo_agent', 'Agent', 'x', 1) returning id::text`,
    );
    const [member] = await db.query<{ id: string }>(
      `insert into members (account, nickname, password_hash, upline_id, mobile_num,
         country_dialing_code, email)
       values ('bo_member', 'Member', 'x', $1, '13800138123', '86', 'alice@example.com')
       returning id::text`,
      [agent!.id],
    );
    await db.query(`insert into member_known_ips (member_id, ip) values ($1, '203.0.113.77')`, [
      member!.id,
    ]);
    await db.query(
      `insert into member_devices (member_id, device) values ($1, 'device-abcdef-123456')`,
      [member!.id],
    );
    await grant(server, 'bo_member', '12.34');
  });
  afterAll(() => server.close());

  const as = (staff: TestStaff, path: string, json?: unknown) => asStaff(server, staff, path, json);
  const accounts = (rows: unknown) => (rows as OpsMemberRow[]).map((row) => row.account);

  it('finds a member by account, mobile digits, e-mail and agent', async () => {
    for (const q of ['bo_mem', '8123', 'ALICE@', 'bo_agent']) {
      const found = await as(risk, `/ops/members?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(accounts(found.body.value), q).toContain('bo_member');
    }
    // LIKE's own characters are text: "%" finds nothing rather than everyone.
    expect(accounts((await as(risk, '/ops/members?q=%25')).body.value)).toEqual([]);
    const one = ((await as(risk, '/ops/members?q=bo_member')).body.value as OpsMemberRow[])[0];
    expect(one).toMatchObject({
      account: 'bo_member',
      kind: 'player',
      agent: 'bo_agent',
      mobile: '+86 13800138123',
      email: 'alice@example.com',
      balance: '12.34',
    });
  });

  it('shows risk the whole file and support a masked one', async () => {
    const whole = (await as(risk, '/ops/members/bo_member')).body.value as OpsMemberDetail;
    expect(whole.masked).toBe(false);
    expect(whole.member.mobile).toBe('+86 13800138123');
    expect(whole.addresses[0]?.ip).toBe('203.0.113.77');
    expect(whole.devices[0]?.device).toBe('device-abcdef-123456');
    expect(whole.wallets).toContainEqual({ wallet: 'main', balance: '12.34' });
    expect(whole.ledger[0]).toMatchObject({ kind: 'bonus', amount: '12.34', wallet: 'main' });

    const masked = (await as(support, '/ops/members/bo_member')).body.value as OpsMemberDetail;
    expect(masked.masked).toBe(true);
    expect(masked.member.mobile).toBe('+86 *******8123');
    expect(masked.member.email).toBe('a***@example.com');
    expect(masked.addresses[0]?.ip).toBe('203.0.113.*');
    expect(masked.devices[0]?.device).toBe('device…');
    const searched = (await as(support, '/ops/members?q=bo_member')).body.value as OpsMemberRow[];
    expect(searched[0]?.email).toBe('a***@example.com');

    expect((await as(risk, '/ops/members/nobody_here')).body.code).toBe('member_not_found');
  });

  it('appends a note named after its writer; finance reads the ledger only', async () => {
    const note = await as(support, '/ops/members/bo_member/notes', { body: '  Called about KYC ' });
    expect(note.status).toBe(200);
    expect(note.body.value).toMatchObject({ body: 'Called about KYC', by: 'staff:sup.mem' });
    const empty = await as(support, '/ops/members/bo_member/notes', { body: '   ' });
    expect(empty.status).toBe(400);
    const file = (await as(risk, '/ops/members/bo_member')).body.value as OpsMemberDetail;
    expect(file.notes[0]).toMatchObject({ body: 'Called about KYC', by: 'staff:sup.mem' });

    const ledger = await as(finance, '/ops/members/bo_member/ledger');
    expect(ledger.status).toBe(200);
    expect((ledger.body.value as OpsLedgerLine[])[0]).toMatchObject({ amount: '12.34' });
    expect((await as(finance, '/ops/members/bo_member')).body.code).toBe('forbidden_role');

    // The command line writes and reads the same file (named cli:<user>, whole, not masked).
    process.env.OPS_URL = server.url;
    process.env.OPS_TOKEN = server.opsToken;
    await accountCommands(parseCommand(['member', 'note', 'bo_member', 'Second', 'call']));
    const shown = JSON.parse(
      (await accountCommands(parseCommand(['member', 'show', 'bo_member']))) as string,
    ) as OpsMemberDetail;
    expect(shown.masked).toBe(false);
    expect(shown.notes[0]).toMatchObject({
      body: 'Second call',
      by: expect.stringMatching(/^cli:/),
    });
    expect((await as(finance, '/ops/members/bo_member/notes', { body: 'x' })).body.code).toBe(
      'forbidden_role',
    );
  });
});
