import type { Database } from '../db/types';
import { hashPassword } from '../domain/identity/password';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, DEMO_SUPPORT, demoAccounts } from './demoAccounts';
import { seedAgentDemo } from './seedAgentDemo';
import { seedAgentRates } from './seedAgentRates';

/** Idempotent: accounts that exist are left as they are (their passwords may have changed). */
export async function seedDemo(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const paymentHash = await hashPassword(DEMO_PAYMENT_PASSWORD);
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
