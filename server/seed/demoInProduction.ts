import type { Database } from '../db/types';
import { setStaffStatusWithin } from '../domain/chat/staff';
import { verifyPassword } from '../domain/identity/password';
import { revokeMemberSessions } from '../domain/identity/sessions';
import { DEMO_PASSWORD, DEMO_SUPPORT, demoAccounts } from './demoAccounts';
import { agentDemoAccounts } from './seedAgentDemo';

/** What a production start found of the demo seed (a database first started in development). */
export interface DemoLoginsFound {
  /** Support accounts disabled now: they still had the demo password. */
  disabledSupport: string[];
  /** Demo players and agents disabled now: they still had the demo password. */
  disabledMembers: string[];
  /** The member sessions that ended: the realtime layer tells their open pages once it runs. */
  endedSessions: string[];
}

/**
 * At a production start (NODE_ENV=production: the demo seed never runs there), makes the demo
 * logins of a database seeded in development safe: every demo account still on the published
 * demo password is disabled, and its sessions end.
 * - The demo support account (`support1`): a console login reads every player's chat and
 *   answers as the operator. To use it: `npm run ops -- support password support1`, then
 *   `support enable support1`.
 * - The demo players and agents (player1..8, agent1..): they were seeded with money, and anyone
 *   who read the README could log in and withdraw it. Their money, history and withdrawals
 *   already asked for stay (the withdrawal lifecycle goes on without the member). To bring one
 *   back: `npm run ops -- member password <account>`, then `member enable <account>`.
 * An account with a password of its own is left alone, and so is one already disabled.
 */
export async function secureDemoLogins(db: Database): Promise<DemoLoginsFound> {
  const disabledSupport: string[] = [];
  const [staff] = await db.query<{ password_hash: string }>(
    `select password_hash from support_staff where name = $1 and status = 'active'`,
    [DEMO_SUPPORT.name],
  );
  if (staff && (await verifyPassword(DEMO_PASSWORD, staff.password_hash))) {
    // Before the platform serves anyone: no open console to tell.
    await db.transaction((tx) => setStaffStatusWithin(tx, DEMO_SUPPORT.name, 'disabled'));
    disabledSupport.push(DEMO_SUPPORT.name);
  }
  const names = [...demoAccounts, ...agentDemoAccounts].map((demo) => demo.account);
  const members = await db.query<{ id: string; account: string; password_hash: string }>(
    `select id::text, account, password_hash from members
     where account = any(string_to_array($1, ',')) and kind = 'member' and status = 'active'
     order by id`,
    [names.join(',')],
  );
  // The seed hashed the demo password once for every account: each distinct hash is checked once.
  const checked = new Map<string, boolean>();
  const disabledMembers: string[] = [];
  const endedSessions: string[] = [];
  for (const member of members) {
    let demo = checked.get(member.password_hash);
    if (demo === undefined) {
      demo = await verifyPassword(DEMO_PASSWORD, member.password_hash);
      checked.set(member.password_hash, demo);
    }
    if (!demo) continue;
    // Only while the hash is still the one checked: a password changed meanwhile (another
    // instance still running) is the member's own, and is left alone.
    const ended = await db.transaction(async (tx) => {
      const [disabled] = await tx.query(
        `update members set status = 'disabled'
         where id = $1 and password_hash = $2 and status = 'active' returning id`,
        [member.id, member.password_hash],
      );
      return disabled ? { ids: await revokeMemberSessions(tx, member.id, 'disabled') } : null;
    });
    if (!ended) continue;
    disabledMembers.push(member.account);
    endedSessions.push(...ended.ids);
  }
  return { disabledSupport, disabledMembers, endedSessions };
}

/** The boot's warning about what secureDemoLogins found, or null when nothing. */
export function demoLoginsWarning(found: DemoLoginsFound): string | null {
  const lines: string[] = [];
  if (found.disabledSupport.length > 0) {
    lines.push(
      `  WARNING: NODE_ENV=production on a database seeded in development: the demo support account`,
      `           ${found.disabledSupport.join(', ')} still had the demo password and is now disabled.`,
      `           To use it: npm run ops -- support password ${found.disabledSupport[0]}, then support enable ${found.disabledSupport[0]}.`,
    );
  }
  if (found.disabledMembers.length > 0) {
    const first = found.disabledMembers[0]!;
    lines.push(
      `  WARNING: NODE_ENV=production on a database seeded in development: the demo members`,
      `           ${found.disabledMembers.join(', ')}`,
      `           still had the published demo password and are now disabled (their sessions ended;`,
      `           their balances and withdrawals already asked for stay). To bring one back:`,
      `           npm run ops -- member password ${first}, then member enable ${first}.`,
    );
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
