import type { ContractTerms, ContractType } from '../../../src/shared/contracts';
import type { ContractView } from '../../../src/shared/realtime';
import { bearer } from '../../support/identityClient';
import { call, type TestServer } from '../../support/testServer';

/** Contract helpers for server tests: the API the pages use, plus direct reads of the rows. */
export const termsAt = (rate: string): ContractTerms => ({
  rate,
  activeMembers: 3,
  periodBet: '1000',
  profitLoss: '0',
});

export function act(server: TestServer, token: string, json: Record<string, unknown>) {
  return call(server, '/wps/agent/contracts', { method: 'POST', headers: bearer(token), json });
}

export function offer(
  server: TestServer,
  token: string,
  downline: string,
  contractType: ContractType,
  rate: string,
) {
  return act(server, token, { action: 'offer', contractType, downline, terms: termsAt(rate) });
}

/** Offers and fails the test unless the offer was made; answers the new contract. */
export async function offered(
  server: TestServer,
  token: string,
  downline: string,
  contractType: ContractType,
  rate: string,
): Promise<ContractView> {
  const reply = await offer(server, token, downline, contractType, rate);
  if (!reply.body.success)
    throw new Error(`offer failed: ${reply.body.code} ${reply.body.message}`);
  return reply.body.value as ContractView;
}

export async function acted(
  server: TestServer,
  token: string,
  contractId: string,
  action: string,
): Promise<ContractView> {
  const reply = await act(server, token, { action, contractId });
  if (!reply.body.success) {
    throw new Error(`${action} failed: ${reply.body.code} ${reply.body.message}`);
  }
  return reply.body.value as ContractView;
}

export interface StoredContract {
  state: string;
  superseded_by: string | null;
  approved_at: Date | null;
  ended_at: Date | null;
  updated_at: Date;
}

export async function stored(server: TestServer, id: string): Promise<StoredContract> {
  const [row] = await server.deps.db.query<StoredContract>(
    `select state, superseded_by::text, approved_at, ended_at, updated_at from contracts
     where id = $1`,
    [id],
  );
  return row!;
}

/**
 * A member made for a test, with the demo password: `upline` an account or null. The demo
 * seed has two downlines only; tests that need more (or a trial downline) add them here.
 */
export async function addMember(
  server: TestServer,
  account: string,
  options: { upline: string | null; type?: number },
): Promise<void> {
  await server.deps.db.query(
    `insert into members (account, nickname, password_hash, type, upline_id)
     select $1, $1, password_hash, $2, (select id from members where account = $3)
     from members where account = 'player2'`,
    [account, options.type ?? 0, options.upline],
  );
}
