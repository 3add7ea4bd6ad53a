import type { CommandGroup } from './args';
import { call, readJsonFile } from './client';

/** Promotions and their applications, the points mall goods and redemptions. */
export const promotionCommands: CommandGroup = async ({ command, action, extra, more, values }) => {
  // Promotions (issue 14): a definition is a JSON file, checked by the server as the
  // configuration file's promotions are.
  if (command === 'promotion' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/promotions'), null, 2);
  }
  if (command === 'promotion' && (action === 'create' || action === 'update') && values.file) {
    const definition = await readJsonFile(values.file);
    return JSON.stringify(await call('POST', { mode: action, definition }, '/ops/promotions'));
  }
  // VIP levels and missions (issue 30): `settings show > settings.json`, change it, then
  // `settings check|save --file settings.json` (the version it was read at travels with it).
  if (command === 'settings' && action === 'show' && !extra) {
    const { vip, missions, version } = (await call('GET', undefined, '/ops/settings/economy')) as {
      vip: unknown;
      missions: unknown;
      version: number;
    };
    return JSON.stringify({ vip, missions, version }, null, 2);
  }
  if (command === 'settings' && (action === 'check' || action === 'save') && values.file) {
    const path = action === 'check' ? '/ops/settings/economy/check' : '/ops/settings/economy';
    return JSON.stringify(await call('POST', await readJsonFile(values.file), path), null, 2);
  }
  if (command === 'goods' && action === 'upsert' && values.file) {
    return JSON.stringify(await call('POST', await readJsonFile(values.file), '/ops/goods'));
  }
  if (command === 'promotion' && action === 'close' && extra) {
    const path = `/ops/promotions/${encodeURIComponent(extra)}/close`;
    return JSON.stringify(await call('POST', {}, path));
  }
  // Applications to an operator-reviewed bonus (issue 14): what waits, and the answer.
  if (command === 'promotion' && action === 'applications' && more.length === 0) {
    const query = new URLSearchParams();
    if (extra) query.set('code', extra);
    if (values.all) query.set('all', 'true');
    const search = query.size ? `?${query}` : '';
    return JSON.stringify(await call('GET', undefined, `/ops/applications${search}`), null, 2);
  }
  if (
    command === 'promotion' &&
    (action === 'approve' || action === 'reject') &&
    extra &&
    more.length === 1
  ) {
    const body = { code: extra, account: more[0], decision: action };
    return JSON.stringify(await call('POST', body, '/ops/applications'));
  }
  // Points mall redemptions (issue 14): what waits, and the operator's decision.
  if (command === 'redeem' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/redemptions'), null, 2);
  }
  if (command === 'redeem' && (action === 'approve' || action === 'reject') && extra) {
    const path = `/ops/redemptions/${encodeURIComponent(extra)}/${action}`;
    return JSON.stringify(await call('POST', { note: values.reason ?? null }, path));
  }
  return undefined;
};
