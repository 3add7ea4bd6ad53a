import type { Database } from '../db/types';
import { hashPassword } from '../domain/identity/password';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, DEMO_SUPPORT, demoAccounts } from './demoAccounts';
import { agentDemoAccounts, seedAgentDemo } from './seedAgentDemo';
import { seedAgentRates } from './seedAgentRates';

/**
 * Idempotent: accounts that exist are left as they are (their passwords may have changed). On a
 * restart every account exists: one query says so, and no password is hashed (issue 31: the
 * two hashes were most of a restart's seeding).
 */
export async function seedDemo(db: Database): Promise<void> {
  const accounts = [...demoAccounts, ...agentDemoAccounts].map((demo) => demo.account);
  const [present] = await db.query<{ missing: number; staff: boolean }>(
    `select (select count(*) from unnest(string_to_array($1, ',')) as wanted (account)
        where not exists (select 1 from members m where lower(m.account) = lower(wanted.account))
       )::int as missing,
       exists (select 1 from support_staff where name = $2) as staff`,
    [accounts.join(','), DEMO_SUPPORT.name],
  );
  if (present && present.missing === 0 && present.staff) {
    await seedAgentDemo(db, null);
    await seedAgentRates(db);
    return;
  }
  // Side by side: scrypt runs off the main thread (a first boot waited for one, then the other).
  const [passwordHash, paymentHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PAYMENT_PASSWORD),
  ]);
  await db.transaction(async (tx) => {
    for (const demo of demoAccounts) {
      await tx.query(
        `insert into members (account, nickname, password_hash, type, upline_id, mobile_num, country_dialing_code,
           email, affiliate_code, payment_password_hash)
         values ($1, $2, $3, $4, (select id from members where lower(account) = lower($5)), $6, $7, $8, $9, $10)
         on conflict do nothing`,
        [
          demo.account,
          demo.nickname,
          passwordHash,
          demo.type,
          demo.upline ?? null,
          demo.mobile ?? null,
          demo.mobile ? '84' : null,
          demo.email ?? null,
          demo.affiliateCode ?? null,
          paymentHash,
        ],
      );
    }
  });
  // A support console account (issue 16, /support): demo data only, like every account here.
  await db.query(
    `insert into support_staff (name, display_name, password_hash) values ($1, $2, $3)
     on conflict (name) do nothing`,
    [DEMO_SUPPORT.name, DEMO_SUPPORT.displayName, passwordHash],
  );
  // The agent back office's demo team, playing (issue 6).
  await seedAgentDemo(db, passwordHash);
  await seedAgentRates(db);
}
