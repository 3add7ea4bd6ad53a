import { randomUUID } from 'node:crypto';
import type { CommandGroup } from './args';
import { call } from './client';

/** Withdrawals (listed, and an operator action on one) and a bonus paid to a member. */
export const moneyCommands: CommandGroup = async ({ command, action, extra, values }) => {
  if (command === 'withdrawals' && !action) {
    const query = values.status ? `?status=${encodeURIComponent(values.status)}` : '';
    return JSON.stringify(await call('GET', undefined, `/ops/withdrawals${query}`), null, 2);
  }
  if (command === 'withdrawal' && action && extra) {
    const path = `/ops/withdrawals/${encodeURIComponent(action)}`;
    return JSON.stringify(await call('POST', { action: extra }, path));
  }
  if (command === 'bonus' && action && extra && values.reason) {
    const body = {
      account: action,
      amount: extra,
      reason: values.reason,
      idempotencyKey: randomUUID().replaceAll('-', ''),
    };
    return JSON.stringify(await call('POST', body, '/ops/bonus'));
  }
  return undefined;
};
