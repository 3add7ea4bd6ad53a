import { createFeedbackApi } from '../../api/feedback';
import { createMessagesApi } from '../../api/messages';
import { defineFeature } from '../feature';
import { pick } from './pick';

/**
 * The member's inbox and the agents' announcements (spec 2 messages), and feedback to the
 * operator (issue 16). The unread count is the tab's store (`useServices().unreadMessages$`).
 */
export const messagesFeature = defineFeature('messages', ({ http }) => {
  const feedback = createFeedbackApi(http);
  return {
    ...pick(createMessagesApi(http), ['inbox', 'markRead', 'remove', 'send', 'agentAnnouncements']),
    sendFeedback: feedback.send,
    myFeedback: feedback.mine,
  };
});

export type MessagesFeature = ReturnType<typeof messagesFeature>;
