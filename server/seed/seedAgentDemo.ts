import { toMoneyString } from '../../src/shared/money';
import type { Database, Queryable } from '../db/types';
import { hashPassword } from '../domain/identity/password';
import { DEMO_PASSWORD } from './demoAccounts';

/**
 * The agent back office's demo team (issue 6), under the demo agent agent1:
 *
 *   agent1 ─┬─ player2, player3 (seedDemo's, left untouched: other tests own their money)
 *           ├─ agent2 (sub-agent) ─┬─ player4, player5
 *           │                      └─ agent3 (sub-agent) ── player6
 *           └─ player7, player8
 *
 * The players really play: a welcome bonus and a deposit each, then rounds of the demo vendor's
 * games over the last 14 days, written exactly as the demo vendor writes them (a bets row, a
 * 'bet' posting main → house "vendors" and a 'win' posting back, with the vendor's keys), so the
 * team reports have rows. No transfers up: the books may only hold the transfers a member asked
 * for (the ledger crash test holds every stored transfer key to a request), and agent1's own
 * wallet stays as seedDemo left it; "my income" fills when salaries are settled. Deterministic (a seeded generator)
 * and idempotent (a second run finds the welcome bonus and stops). Everything is written in one
 * transaction with a handful of set-based statements, so it takes well under a second.
 */
export const agentDemoAccounts = [
  { account: 'agent2', nickname: 'Agent Two', type: 2, upline: 'agent1', code: 'AGENT2' },
  { account: 'player4', nickname: 'Player Four', type: 0, upline: 'agent2' },
  { account: 'player5', nickname: 'Player Five', type: 0, upline: 'agent2' },
  { account: 'agent3', nickname: 'Agent Three', type: 2, upline: 'agent2', code: 'AGENT3' },
  { account: 'player6', nickname: 'Player Six', type: 0, upline: 'agent3' },
  { account: 'player7', nickname: 'Player Seven', type: 0, upline: 'agent1' },
  { account: 'player8', nickname: 'Player Eight', type: 0, upline: 'agent1' },
] as const;

const PLAYERS = ['player4', 'player5', 'player6', 'player7', 'player8'] as const;
const ROUNDS_PER_PLAYER = 60;
const DAYS = 14;
const DAY_MS = 86_400_000;
const WELCOME = 100_000n; // 1,000.00
const DEPOSIT = 50_000n; // 500.00
const BETS = [100n, 200n, 500n, 1_000n, 2_000n]; // the demo vendor's bet levels up to 20.00

/** mulberry32: a small deterministic generator, seeded per player. */
function generator(seed: string): () => number {
  let state = [...seed].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619),
    2166136261,
  );
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A round's win: mostly nothing or a little, sometimes more; never near the winner board's top. */
function winOf(bet: bigint, roll: number): bigint {
  if (roll < 0.55) return 0n;
  if (roll < 0.8) return bet + bet / 2n;
  if (roll < 0.95) return bet * 2n;
  if (roll < 0.99) return bet * 5n;
  return bet * 10n;
}

interface Game {
  node_id: string;
  vendor: string;
  name: string;
}

interface Movement {
  at: Date;
  key: string;
  kind: string;
  memberId: string;
  /** [account id, signed amount]: sums to zero. */
  postings: [string, bigint][];
  result: (balances: Map<string, bigint>) => Record<string, unknown>;
  bet?: { vendor: string; game: Game; roundKey: string; bet: bigint; win: bigint };
  /** A win names its round: a round whose bet was skipped (not enough money) wins nothing. */
  winOf?: string;
  depositKey?: string;
}

/**
 * The agent demo team and its play, once. `passwordHash` null: every account exists already
 * (seedDemo checked), so none is inserted and no password is hashed (issue 31: a restart).
 */
export async function seedAgentDemo(db: Database, passwordHash?: string | null): Promise<void> {
  const hash = passwordHash === null ? null : (passwordHash ?? (await hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    // One at a time: a row's upline may be the row before (a statement sees no own inserts).
    for (const row of hash === null ? [] : agentDemoAccounts) {
      await tx.query(
        `insert into members (account, nickname, password_hash, type, upline_id, affiliate_code)
         select $1, $2, $3, $4, id, $6 from members where lower(account) = lower($5)
         on conflict do nothing`,
        [row.account, row.nickname, hash, row.type, row.upline, 'code' in row ? row.code : null],
      );
    }
    const members = new Map(
      (
        await tx.query<{ id: string; account: string }>(
          `select m.id::text, m.account from members m
           where m.account = any(string_to_array($1, ','))`,
          [PLAYERS.join(',')],
        )
      ).map((row) => [row.account, row]),
    );
    const first = members.get(PLAYERS[0]);
    // agent1 is not there (someone removed it): there is no team to play in.
    if (!first || PLAYERS.some((account) => !members.has(account))) return;
    const done = await tx.query('select 1 from ledger_transactions where idempotency_key = $1', [
      `bonus:${first.id}:agent-demo-welcome`,
    ]);
    if (done.length > 0) return;
    await seedPlay(tx, members);
  });
}

async function seedPlay(
  tx: Queryable,
  members: Map<string, { id: string; account: string }>,
): Promise<void> {
  const games = await tx.query<Game>(
    `select distinct on (g.vendor) g.node_id, g.vendor, coalesce(n.name, g.node_id) as name
     from games g left join game_names n on n.node_id = g.node_id and n.language = 'EN'
     where g.enabled order by g.vendor, g.sort, g.node_id limit 8`,
  );
  const memberIds = [...members.values()].map((m) => m.id);
  await tx.query(
    `insert into ledger_accounts (member_id, kind, name)
     select unnest(string_to_array($1, ','))::bigint, 'main', ''
     on conflict (coalesce(member_id, 0), kind, name) do nothing`,
    [memberIds.join(',')],
  );
  const accounts = await tx.query<{
    id: string;
    member_id: string | null;
    name: string;
    balance: string;
  }>(
    `select id::text, member_id::text, name, balance::text from ledger_accounts
     where (kind = 'main' and member_id = any(string_to_array($1, ',')::bigint[]))
       or (kind = 'house' and name in ('vendors', 'promotions', 'deposits'))
     order by id for update`,
    [memberIds.join(',')],
  );
  const mainOf = new Map(accounts.filter((a) => a.member_id).map((a) => [a.member_id!, a.id]));
  const house = new Map(accounts.filter((a) => !a.member_id).map((a) => [a.name, a.id]));
  const balances = new Map(accounts.map((a) => [a.id, BigInt(a.balance)]));

  const now = Date.now();
  const movements: Movement[] = [];
  const deposits: { member_id: string; key: string; amount: string; at: string }[] = [];
  for (const account of PLAYERS) {
    const member = members.get(account)!;
    const main = mainOf.get(member.id)!;
    const random = generator(account);
    const welcomeAt = new Date(now - DAYS * DAY_MS - 2 * 3_600_000);
    movements.push({
      at: welcomeAt,
      key: `bonus:${member.id}:agent-demo-welcome`,
      kind: 'bonus',
      memberId: member.id,
      postings: [
        [house.get('promotions')!, -WELCOME],
        [main, WELCOME],
      ],
      result: () => ({ reason: 'Welcome to the demo team', amount: toMoneyString(WELCOME) }),
    });
    const depositKey = `agent-demo:deposit:${member.id}`;
    const depositAt = new Date(now - Math.floor((3 + random() * 8) * DAY_MS));
    deposits.push({
      member_id: member.id,
      key: depositKey,
      amount: DEPOSIT.toString(),
      at: depositAt.toISOString(),
    });
    movements.push({
      at: depositAt,
      key: depositKey, // replaced by deposit:<id> once the deposit row exists
      kind: 'deposit',
      memberId: member.id,
      postings: [
        [house.get('deposits')!, -DEPOSIT],
        [main, DEPOSIT],
      ],
      result: () => ({}),
      depositKey,
    });
    for (let round = 0; round < ROUNDS_PER_PLAYER && games.length > 0; round += 1) {
      const game = games[Math.floor(random() * games.length)]!;
      const bet = BETS[Math.floor(random() * BETS.length)]!;
      const win = winOf(bet, random());
      const at = new Date(now - Math.floor(random() * (DAYS * DAY_MS - 60_000)) - 60_000);
      const roundKey = `${member.id}:agent-demo-${round}`;
      const vendors = house.get('vendors')!;
      movements.push({
        at,
        key: `round:${game.vendor}:${roundKey}:bet`,
        kind: 'bet',
        memberId: member.id,
        postings: [
          [main, -bet],
          [vendors, bet],
        ],
        result: () => ({}),
        bet: { vendor: game.vendor, game, roundKey, bet, win },
      });
      if (win > 0n) {
        movements.push({
          at: new Date(at.getTime() + 1),
          key: `round:${game.vendor}:${roundKey}:win`,
          kind: 'win',
          memberId: member.id,
          postings: [
            [vendors, -win],
            [main, win],
          ],
          result: () => ({}),
          winOf: roundKey,
        });
      }
    }
  }
  movements.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));

  // Deposits first: their ledger key is deposit:<id>, as creditDeposit writes it.
  const depositIds = new Map(
    (
      await tx.query<{ id: string; idempotency_key: string }>(
        `insert into deposits (member_id, channel, amount, status, idempotency_key, created_at, credited_at)
         select r.member_id, 'DEMO', r.amount, 'credited', r.key, r.at, r.at
         from jsonb_to_recordset($1::jsonb) as r(member_id bigint, key text, amount bigint, at timestamptz)
         returning id::text, idempotency_key`,
        [JSON.stringify(deposits)],
      )
    ).map((row) => [row.idempotency_key, row.id]),
  );

  // Walk the movements in time order: balances after each entry, and the rounds' outcomes.
  const transactions: object[] = [];
  const entries: object[] = [];
  const bets: object[] = [];
  const skipped = new Set<string>();
  let order = 0;
  for (const movement of movements) {
    const depositId = movement.depositKey ? depositIds.get(movement.depositKey)! : null;
    const key = depositId ? `deposit:${depositId}` : movement.key;
    const main = mainOf.get(movement.memberId)!;
    if (movement.bet && balances.get(main)! < movement.bet.bet) {
      skipped.add(movement.bet.roundKey);
      continue;
    }
    if (movement.winOf && skipped.has(movement.winOf)) continue;
    const after = new Map<string, bigint>();
    for (const [accountId, amount] of movement.postings) {
      const balance = balances.get(accountId)! + amount;
      balances.set(accountId, balance);
      after.set(accountId, balance);
      entries.push({
        ord: order++,
        key,
        account_id: accountId,
        amount: amount.toString(),
        balance_after: balance.toString(),
        at: movement.at.toISOString(),
      });
    }
    const result = depositId ? { depositId } : movement.result(after);
    transactions.push({
      key,
      kind: movement.kind,
      member_id: movement.memberId,
      result,
      at: movement.at.toISOString(),
    });
    if (movement.bet) {
      const { vendor, game, roundKey, bet, win } = movement.bet;
      bets.push({
        member_id: movement.memberId,
        vendor,
        game_code: game.node_id,
        game_name: game.name,
        round_id: roundKey,
        bet: bet.toString(),
        win: win.toString(),
        at: movement.at.toISOString(),
        outcome: {
          roundId: roundKey.slice(roundKey.indexOf(':') + 1),
          bet: toMoneyString(bet),
          win: toMoneyString(win),
          balance: toMoneyString(balances.get(main)! + win),
          demo: false,
        },
      });
    }
  }

  await tx.query(
    `insert into ledger_transactions (idempotency_key, kind, member_id, result, created_at)
     select r.key, r.kind, r.member_id, r.result, r.at
     from jsonb_to_recordset($1::jsonb) as r(key text, kind text, member_id bigint, result jsonb, at timestamptz)`,
    [JSON.stringify(transactions)],
  );
  await tx.query(
    `insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
     select t.id, r.account_id, r.amount, r.balance_after, r.at
     from jsonb_to_recordset($1::jsonb) as r(ord int, key text, account_id bigint, amount bigint,
       balance_after bigint, at timestamptz)
     join ledger_transactions t on t.idempotency_key = r.key
     order by r.ord`,
    [JSON.stringify(entries)],
  );
  await tx.query(
    `update ledger_accounts a set balance = r.balance
     from jsonb_to_recordset($1::jsonb) as r(id bigint, balance bigint) where a.id = r.id`,
    [JSON.stringify([...balances].map(([id, balance]) => ({ id, balance: balance.toString() })))],
  );
  await tx.query(
    `update deposits d set ledger_transaction_id = t.id
     from ledger_transactions t
     where d.idempotency_key like 'agent-demo:deposit:%' and d.ledger_transaction_id is null
       and t.idempotency_key = 'deposit:' || d.id`,
  );
  await tx.query(
    `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
       valid_bet_amount, win_amount, status, created_at, settled_at, outcome)
     select r.member_id, r.vendor, r.game_code, r.game_name, r.round_id, r.bet, r.bet, r.win,
       'settled', r.at, r.at, r.outcome
     from jsonb_to_recordset($1::jsonb) as r(member_id bigint, vendor text, game_code text,
       game_name text, round_id text, bet bigint, win bigint, at timestamptz, outcome jsonb)
     on conflict (vendor, round_id) do nothing`,
    [JSON.stringify(bets)],
  );
}
