import { AGENT_ANNOUNCEMENTS_PATH, type AgentAnnouncementPage } from '../shared/announcements';
import {
  messageEndpoints,
  type MessagePage,
  type MessageSelection,
  type SendMessageRequest,
  type SendMessageResult,
} from '../shared/messages';
import type { Http } from './http';

/** The inbox calls (server/http/messages/messageRoutes.ts) and the agents' announcements. */
export function createMessagesApi(http: Http) {
  return {
    inbox(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<MessagePage> {
      return http.get(messageEndpoints.inbox, { searchParams: query, signal });
    },
    unread(): Promise<number> {
      return http.get<{ unread: number }>(messageEndpoints.unread).then((value) => value.unread);
    },
    markRead(selection: MessageSelection): Promise<{ changed: number; unread: number }> {
      return http.post(messageEndpoints.read, selection);
    },
    remove(selection: MessageSelection): Promise<{ changed: number; unread: number }> {
      return http.post(messageEndpoints.remove, selection);
    },
    send(request: SendMessageRequest): Promise<SendMessageResult> {
      return http.post(messageEndpoints.send, request);
    },
    agentAnnouncements(page: number, signal?: AbortSignal): Promise<AgentAnnouncementPage> {
      return http.get(AGENT_ANNOUNCEMENTS_PATH, { searchParams: { page }, signal });
    },
  };
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;
