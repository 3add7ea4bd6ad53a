import { perLanguage } from '../announceArgs';
import type { CommandGroup } from './args';
import { call, isoOption, readJsonFile } from './client';
import { usage } from './usage';

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** The outbox as a table, newest first: when, channel, to, text (e-mail: subject — text). */
function outboxTable(messages: OutboxMessage[]): string {
  if (messages.length === 0) return 'Nothing sent yet.';
  const rows = messages.map((m) => [
    m.createdAt.replace('T', ' ').slice(0, 19),
    m.channel,
    m.recipient,
    (m.subject ? `${m.subject} — ${m.body}` : m.body).replace(/\s+/g, ' '),
  ]);
  const header = ['when (UTC)', 'channel', 'to', 'text'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** What reaches members: the outbox of sent messages, feedback and its answers, announcements. */
export const messageCommands: CommandGroup = async ({ command, action, extra, more, values }) => {
  if (command === 'outbox' && !action) {
    const query = new URLSearchParams();
    if (values.recipient) query.set('recipient', values.recipient);
    if (values.limit) query.set('limit', values.limit);
    const search = query.size ? `?${query}` : '';
    return outboxTable((await call('GET', undefined, `/ops/outbox${search}`)) as OutboxMessage[]);
  }
  // Feedback (issue 16): what members sent, and the answer that reaches their inbox.
  if (command === 'feedback' && action === 'list' && !extra) {
    const path = `/ops/feedback${values.all ? '?status=all' : ''}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'feedback' && action === 'show' && extra && more.length === 0) {
    const path = `/ops/feedback/${encodeURIComponent(extra)}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'feedback' && action === 'answer' && extra && more.length === 1) {
    const path = `/ops/feedback/${encodeURIComponent(extra)}/answer`;
    return JSON.stringify(await call('POST', { answer: more[0] }, path), null, 2);
  }
  // Announcements (issue 16): notices and pop-ups that reach the open pages live.
  if (command === 'announce' && action === 'create' && !extra) {
    const body = values.file
      ? await readJsonFile(values.file)
      : {
          kind: values.kind,
          ...(values.execution ? { execution: values.execution.toUpperCase() } : {}),
          title: perLanguage('title', values.title ?? []),
          content: perLanguage('body', values.body ?? []),
          goReward: values['go-reward'] === true,
          ...(values.start ? { startsAt: isoOption('start', values.start) } : {}),
          ...(values.end ? { endsAt: isoOption('end', values.end) } : {}),
          ...(values.account ? { accounts: values.account } : {}),
        };
    if (!values.file && !values.kind) throw new Error(`--kind is required\n${usage}`);
    return JSON.stringify(await call('POST', body, '/ops/announcements'), null, 2);
  }
  if (command === 'announce' && action === 'list' && !extra) {
    const path = `/ops/announcements${values.all ? '?all=true' : ''}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (
    command === 'announce' &&
    (action === 'end' || action === 'remove') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/announcements/${encodeURIComponent(extra)}/end`;
    return JSON.stringify(await call('POST', {}, path), null, 2);
  }
  return undefined;
};
