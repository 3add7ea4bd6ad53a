import type { SeamlessWallet } from '../../../src/shared/seamless';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { isTrialType } from '../../../src/shared/identity';
import { MONEY_AMOUNT_PATTERN, parseMoney, toMoneyString } from '../../../src/shared/money';
import { isFeatureEnabled, WhitelabelFlag } from '../../../src/shared/system';
import { contractFunds } from '../../domain/contracts/queries';
import { memberWallets } from '../../domain/ledger/accounts';
import { depositChannels, enabledDepositChannel } from '../../domain/payments/channels';
import { requestDeposit } from '../../domain/payments/deposits';
import { rgStatus } from '../../domain/responsibleGaming/views';
import { scheduleDemoConfirmation } from '../../jobs/demoChannelCatchUp';
import { transferBetweenWallets, transferToUpline } from '../../domain/wallet/transfers';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';

const amount = z.string().regex(MONEY_AMOUNT_PATTERN, 'an amount like 100 or 99.50');
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -');
const transferBody = z
  .object({ from: z.string().max(20), to: z.string().max(20), amount, idempotencyKey })
  .strict();
const uplineBody = z.object({ amount, idempotencyKey }).strict();
const depositBody = z
  .object({
    channel: z.string().regex(/^[A-Z0-9_]{2,20}$/, 'a channel name'),
    amount,
    idempotencyKey,
  })
  .strict();

const seamlessQuery = z.object({}).strict();

/** GET /wps/v2/wallets/balance and the getBalanceV2 relay: the member's wallets. */
async function walletBalance(deps: AppDeps, memberId: string) {
  const { currency, currencySymbol } = deps.config.payments;
  const wallets = await memberWallets(deps.db, memberId);
  const main = wallets.find((wallet) => wallet.wallet === 'MAIN');
  const bonus = wallets.find((wallet) => wallet.wallet === 'BONUS');
  return {
    currency,
    currencySymbol,
    balance: toMoneyString(main?.balance ?? 0n),
    // Bonus money being wagered (issue 28): its own balance, locked until the requirement is
    // met; never a wallet to transfer to or from, so not in `wallets`.
    bonus: {
      balance: toMoneyString(bonus?.balance ?? 0n),
      seq: Number(bonus?.lastEntryId ?? 0),
    },
    // Every wallet the member can use, MAIN first; one never used yet shows zero.
    wallets: ['MAIN', ...deps.config.payments.vendorWallets].map((name) => {
      const wallet = wallets.find((candidate) => candidate.wallet === name);
      return {
        wallet: name,
        balance: toMoneyString(wallet?.balance ?? 0n),
        seq: Number(wallet?.lastEntryId ?? 0),
      };
    }),
  };
}

/** GET /wps/member/info/funds/consolidated and the getConsolidated relay (spec 3). */
async function consolidatedFunds(deps: AppDeps, memberId: string) {
  const agentPolicy = isFeatureEnabled(deps.config.whitelabel, WhitelabelFlag.agentPolicy);
  return { ...(await contractFunds(deps.db, memberId)), agentPolicy };
}

/** Wallet calls (spec 7): balances, consolidated funds, transfers, deposits. */
export async function walletRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The /seamless section (issue 16): which vendors draw on the main wallet directly.
  app.get(
    '/wps/v2/wallets/seamless',
    { schema: { querystring: seamlessQuery }, config: { auth: 'session' } },
    async (request) => {
      parseInput(seamlessQuery, request.query);
      const rows = await deps.db.query<{
        vendor: string;
        display_name: string;
        game_types: string[];
        games: number;
      }>(
        `select v.code as vendor, v.display_name,
         array_agg(distinct g.game_type order by g.game_type) as game_types,
         count(*)::int as games
       from games g join game_vendors v on v.code = g.vendor
       where g.enabled
       group by v.code, v.display_name, v.sort
       order by v.sort, v.code`,
      );
      const ownWallets = deps.config.payments.vendorWallets;
      const wallet: SeamlessWallet = {
        isSingle: ownWallets.length === 0,
        direct: rows.map((row) => ({
          vassalage: row.vendor,
          displayName: row.display_name,
          gameTypes: Array.isArray(row.game_types)
            ? row.game_types
            : String(row.game_types).replace(/[{}]/g, '').split(','),
          games: row.games,
        })),
        ownWallets,
      };
      return ok(wallet);
    },
  );

  app.get('/wps/v2/wallets/balance', { config: { auth: 'session' } }, async (request) =>
    ok(await walletBalance(deps, sessionOf(request).memberId)),
  );

  // Spec 3 "Consolidated funds": which salary and dividend features this member has. Per
  // contract type, `…req` counts the requests waiting for this member's answer and `…info` says
  // whether a contract of the type is in effect (server/domain/contracts/queries.ts).
  app.get(
    '/wps/member/info/funds/consolidated',
    { config: { auth: 'realMoney' } },
    async (request) => ok(await consolidatedFunds(deps, sessionOf(request).memberId)),
  );

  // The deposit channels the operator enabled (payments.channels.deposit); demo ones are marked
  // so the page can say so.
  app.get('/wps/deposit/channels', { config: { auth: 'session' } }, async (request) => {
    // What the member's deposit limits leave, shown before the amount is typed (issue 34).
    const { limits } = await rgStatus(deps, sessionOf(request).memberId);
    const left = limits
      .filter((limit) => limit.kind === 'deposit' && limit.left !== null)
      .map((limit) => parseMoney(limit.left!));
    const limitLeft = left.length === 0 ? null : left.reduce((low, one) => (one < low ? one : low));
    return ok(depositChannels(deps.config, limitLeft));
  });

  app.post(
    '/wps/deposit',
    { schema: { body: depositBody }, config: { auth: 'realMoney' } },
    async (request) => {
      const session = sessionOf(request);
      const body = parseInput(depositBody, request.body);
      const channel = enabledDepositChannel(deps.config, body.channel);
      const deposit = await requestDeposit(deps, session.memberId, { ...body, channel });
      if (deposit.status === 'pending' && channel === 'DEMO')
        scheduleDemoConfirmation(deps, deposit.id);
      return ok(deposit);
    },
  );

  // The spec names the page (transferUpline) but not its call: this path is ours.
  app.post(
    '/wps/wallet/transferUpline',
    { schema: { body: uplineBody }, config: { auth: 'realMoney' } },
    async (request) => {
      const session = sessionOf(request);
      const body = parseInput(uplineBody, request.body);
      const { result } = await transferToUpline(deps, session.memberId, body);
      return ok(result);
    },
  );
}

/** Relays of the wallet area. */
export function walletRelays(deps: AppDeps): RelayTable {
  return {
    // Spec 7 names getBalanceV2 and getConsolidated without a path (issue 32, finding 4): the
    // same answers as GET /wps/v2/wallets/balance and /wps/member/info/funds/consolidated, with
    // the same authorization.
    getBalanceV2: {
      method: 'GET',
      auth: 'session',
      handle: async (request) => walletBalance(deps, sessionOf(request).memberId),
    },
    getConsolidated: {
      method: 'GET',
      auth: 'realMoney',
      handle: async (request) => consolidatedFunds(deps, sessionOf(request).memberId),
    },
    GCS_merchantWallet: {
      method: 'GET',
      auth: 'session',
      handle: async () => ({ isSingle: deps.config.payments.vendorWallets.length === 0 }),
    },
    GCS_walletTransfer: {
      method: 'POST',
      body: transferBody,
      auth: 'realMoney',
      handle: async (request) => {
        const session = sessionOf(request);
        if (isTrialType(session.type))
          throw new Error('unreachable: realMoney routes refuse trials');
        const { result } = await transferBetweenWallets(
          deps,
          session.memberId,
          parseInput(transferBody, request.body),
        );
        return result;
      },
    },
  };
}
