import type { Queryable } from '../../db/types';

/** Sends a text message. A real gateway implements this; the default writes to the outbox. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export interface EmailProvider {
  send(to: string, subject: string, text: string): Promise<void>;
}

/**
 * The default providers: messages land in the `outbox` table, where the development page
 * (/dev/outbox) and the tests read them. Nothing leaves the machine.
 */
export function createOutboxProviders(db: Queryable): { sms: SmsProvider; email: EmailProvider } {
  return {
    sms: {
      async send(to, text) {
        await db.query('insert into outbox (channel, recipient, body) values ($1, $2, $3)', [
          'sms',
          to,
          text,
        ]);
      },
    },
    email: {
      async send(to, subject, text) {
        await db.query(
          'insert into outbox (channel, recipient, subject, body) values ($1, $2, $3, $4)',
          ['email', to, subject, text],
        );
      },
    },
  };
}

export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export async function readOutbox(
  db: Queryable,
  recipient?: string,
  limit = 50,
): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    id: string;
    channel: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: Date;
  }>(
    `select id::text, channel, recipient, subject, body, created_at from outbox
     where ($1::text is null or recipient = $1) order by outbox.id desc limit $2`,
    [recipient ?? null, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
