import type { CommandGroup } from './args';
import { call } from './client';

/** A staff account's new password, shown once: where to log in and what to type. */
function staffPassword(
  answer: { staff: { name: string; displayName: string }; password: string },
  title: string,
): string {
  return [
    `${title}: ${answer.staff.name} (players see "${answer.staff.displayName}")`,
    `password: ${answer.password}`,
    'Log in at /support. The password is shown only now; `support password <name>` makes a new one.',
  ].join('\n');
}

/** Agents' own rates, support staff accounts and members' logins. */
export const accountCommands: CommandGroup = async ({ command, action, extra, more, values }) => {
  // An agent's own rate per contract type (what it may offer its downlines).
  if (command === 'agent' && action === 'rate' && extra && more.length === 2) {
    const [contractType, rate] = more as [string, string];
    const body = { account: extra, contractType, rate: rate === 'none' ? null : rate };
    return JSON.stringify(await call('POST', body, '/ops/agents/rate'));
  }
  if (command === 'agent' && action === 'rates' && extra && more.length === 0) {
    const path = `/ops/agents/${encodeURIComponent(extra)}/rates`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  // Support staff (issue 16): the operator console's accounts (/support). A password is made by
  // the server and shown once, here.
  if (command === 'support' && action === 'add' && extra && !more.length) {
    const body = {
      name: extra,
      displayName: values['display-name'] ?? null,
      ...(values.roles ? { roles: values.roles.split(',') } : {}),
    };
    const made = (await call('POST', body, '/ops/support/staff')) as {
      staff: { name: string; displayName: string };
      password: string;
    };
    return staffPassword(made, 'Staff account created');
  }
  if (command === 'support' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/support/staff'), null, 2);
  }
  if (command === 'support' && action === 'password' && extra && !more.length) {
    const path = `/ops/support/staff/${encodeURIComponent(extra)}/password`;
    const reset = (await call('POST', {}, path)) as {
      staff: { name: string; displayName: string };
      password: string;
    };
    return staffPassword(
      reset,
      'New password set (every console session of the account was ended)',
    );
  }
  if (
    command === 'support' &&
    (action === 'disable' || action === 'enable') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/support/staff/${encodeURIComponent(extra)}/status`;
    const status = action === 'disable' ? 'disabled' : 'active';
    return JSON.stringify(await call('POST', { status }, path));
  }
  // A member's login (the demo members a production start disabled come back this way): a
  // password is made by the server and shown once, here.
  if (command === 'member' && action === 'password' && extra && !more.length) {
    const path = `/ops/members/${encodeURIComponent(extra)}/password`;
    const reset = (await call('POST', {}, path)) as {
      account: string;
      status: string;
      password: string;
    };
    return [
      `New password set for ${reset.account} (every session of the member was ended)`,
      `password: ${reset.password}`,
      'It is shown only now; the member is asked to change it at the next login.',
      reset.status === 'active'
        ? 'The account is active.'
        : `The account is ${reset.status}: npm run ops -- member enable ${reset.account} lets it log in.`,
    ].join('\n');
  }
  if (
    command === 'member' &&
    (action === 'disable' || action === 'enable') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/members/${encodeURIComponent(extra)}/status`;
    const status = action === 'disable' ? 'disabled' : 'active';
    return JSON.stringify(await call('POST', { status }, path));
  }
  // Members as the back office reads them (issue 30): a search, one member's file, a note.
  if (command === 'member' && action === 'search' && !more.length) {
    const path = `/ops/members?q=${encodeURIComponent(extra ?? '')}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'member' && action === 'show' && extra && !more.length) {
    const path = `/ops/members/${encodeURIComponent(extra)}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'member' && action === 'note' && extra && more.length > 0) {
    const path = `/ops/members/${encodeURIComponent(extra)}/notes`;
    return JSON.stringify(await call('POST', { body: more.join(' ') }, path));
  }
  return undefined;
};
