/**
 * The support console's canned replies (docs/decisions.md, "Canned replies"): ready answers an
 * agent inserts into the reply box and edits before sending. The list is fixed here; each
 * reply's label and text live in the locale bundles (`support.canned.<id>`), so an agent gets
 * them in the console's language with English as the fallback.
 */
export const CANNED_REPLY_IDS = [
  'depositNotCredited',
  'withdrawalTime',
  'bonusWagering',
  'passwordReset',
  'responsibleGaming',
] as const;
export type CannedReplyId = (typeof CANNED_REPLY_IDS)[number];

export interface CannedReply {
  id: string;
  label: string;
  text: string;
}

/**
 * The reply box's text with a canned reply put in: the reply alone in an empty box, else after
 * what is there on a new paragraph (never replacing what the agent typed).
 */
export function insertCannedReply(current: string, reply: string): string {
  const kept = current.replace(/\s+$/, '');
  if (!kept) return reply;
  return `${kept}\n\n${reply}`;
}
