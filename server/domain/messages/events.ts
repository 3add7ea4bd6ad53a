import type { MessageEvent } from '../../../src/shared/messages';

/** Inboxes that changed, announced after the commit (the realtime layer emits `message`). */
export interface MessageChange {
  memberIds: readonly string[];
  reason: MessageEvent['reason'];
}
