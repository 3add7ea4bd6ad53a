import { randomUUID } from 'node:crypto';
import type { CommandGroup } from './args';
import { call, isoOption } from './client';
import { usage } from './usage';

/** Responsible gaming: a member's limits and exclusions, extending one, paying out a balance. */
export const responsibleGamingCommands: CommandGroup = async ({
  command,
  action,
  extra,
  more,
  values,
}) => {
  // Responsible gaming (issue 17): a member's limits, history and exclusions; extending one.
  if (command === 'rg' && action === 'extend' && extra && more.length === 0) {
    const permanent = values.permanent === true;
    if (permanent === (values.until !== undefined))
      throw new Error(`give either --until <iso> or --permanent\n${usage}`);
    const body = { account: extra, endsAt: permanent ? null : isoOption('until', values.until) };
    return JSON.stringify(await call('POST', body, '/ops/rg/extend'), null, 2);
  }
  // The balance of a member on a break or self-excluded, paid out as a withdrawal the operator
  // asks for. The request key is printed: running again with it after a lost answer is safe.
  if (command === 'rg' && action === 'payout' && extra && more.length === 0) {
    const requestKey = values.key ?? randomUUID().replaceAll('-', '');
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(requestKey))
      throw new Error(`--key is 8 to 64 letters, digits, "-" or "_": ${requestKey}`);
    const paid = (await call('POST', { account: extra, requestKey }, '/ops/rg/payout')) as {
      account: string;
      withdrawal: { id: string; status: string };
      paid: string;
      lockedBonus: string | null;
      replayed: boolean;
    };
    return [
      paid.replayed
        ? `Already done with this key: withdrawal ${paid.withdrawal.id} of ${paid.paid} for ${paid.account} (now ${paid.withdrawal.status}).`
        : `Withdrawal ${paid.withdrawal.id} of ${paid.paid} asked for ${paid.account} (${paid.withdrawal.status}); recorded in the member's responsible-gaming history.`,
      paid.lockedBonus && paid.lockedBonus !== '0.00'
        ? `Not paid: ${paid.lockedBonus} of bonus money still locked by its wagering requirement (left in the wallet).`
        : '',
      `Request key: ${requestKey} (run again with --key ${requestKey} if this answer was lost).`,
      `The payout channel pays it, or: npm run ops -- withdrawal ${paid.withdrawal.id} pay.`,
    ]
      .filter(Boolean)
      .join('\n');
  }
  if (command === 'rg' && action && !['extend', 'payout'].includes(action) && !extra) {
    const path = `/ops/rg/${encodeURIComponent(action)}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  return undefined;
};
