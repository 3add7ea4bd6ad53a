import { economicsReport } from '../economicsReport';
import type { CommandGroup } from './args';
import { call } from './client';

/** The platform itself: the configuration's returns budget, the server's status, maintenance. */
export const systemCommands: CommandGroup = async ({ command, action, values }) => {
  // The returns budget of the configuration file: read here, no running server needed.
  if (command === 'economics' && !action)
    return economicsReport(process.env.PLATFORM_CONFIG ?? 'config/platform.json');
  if (command === 'status' && !action) return JSON.stringify(await call('GET'));
  if (command === 'maintenance' && action === 'on') {
    const end = values.until ? new Date(values.until) : null;
    if (end && Number.isNaN(end.getTime()))
      throw new Error(`--until is not a date: ${values.until}`);
    return JSON.stringify(await call('POST', { enabled: true, end: end?.toISOString() ?? null }));
  }
  if (command === 'maintenance' && action === 'off')
    return JSON.stringify(await call('POST', { enabled: false }));
  return undefined;
};
