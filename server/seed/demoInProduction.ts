import type { Database } from '../db/types';
import { setStaffStatus } from '../domain/chat/staff';
import { verifyPassword } from '../domain/identity/password';
import { DEMO_PASSWORD, DEMO_SUPPORT, demoAccounts } from './demoAccounts';
import { agentDemoAccounts } from './seedAgentDemo';

/** What a production start found of the demo seed (a database first started in development). */
export interface DemoLoginsFound {
  /** Support accounts disabled now: they still had the demo password. */
  disabledSupport: string[];
  /** Demo players and agents that still have the demo password (warned about, left as they are). */
  demoMembers: string[];
}

/**
 * At a production start (NODE_ENV=production: the demo seed never runs there), makes the demo
 * logins of a database seeded in development safe. The demo support account (`support1`),
 * still with the published demo password, is disabled (its sessions end): a console login reads
 * every player's chat and answers as the operator, and nothing in production needs it. The
 * operator gives it a password of its own and enables it again if wanted
 * (`npm run ops -- support password support1`, then `support enable support1`); one with a
 * password of its own is left alone. Demo members still on the demo password are listed for the
 * boot warning (their money and history are the operator's to judge).
 */
export async function secureDemoLogins(db: Database): Promise<DemoLoginsFound> {
  const disabledSupport: string[] = [];
  const [staff] = await db.query<{ password_hash: string }>(
    `select password_hash from support_staff where name = $1 and status = 'active'`,
    [DEMO_SUPPORT.name],
  );
  if (staff && (await verifyPassword(DEMO_PASSWORD, staff.password_hash))) {
    await setStaffStatus(db, DEMO_SUPPORT.name, 'disabled');
    disabledSupport.push(DEMO_SUPPORT.name);
  }
  const names = [...demoAccounts, ...agentDemoAccounts].map((demo) => demo.account);
  const members = await db.query<{ account: string; password_hash: string }>(
    `select account, password_hash from members
     where account = any(string_to_array($1, ',')) and status = 'active' order by id`,
    [names.join(',')],
  );
  // The seed hashed the demo password once for every account: each distinct hash is checked once.
  const checked = new Map<string, boolean>();
  const demoMembers: string[] = [];
  for (const member of members) {
    let demo = checked.get(member.password_hash);
    if (demo === undefined) {
      demo = await verifyPassword(DEMO_PASSWORD, member.password_hash);
      checked.set(member.password_hash, demo);
    }
    if (demo) demoMembers.push(member.account);
  }
  return { disabledSupport, demoMembers };
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
  if (found.demoMembers.length > 0) {
    lines.push(
      `  WARNING: NODE_ENV=production with demo accounts that still have the published demo password:`,
      `           ${found.demoMembers.join(', ')}. Anyone can log in as them: change their passwords or`,
      `           start production on a database never started in development.`,
    );
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
