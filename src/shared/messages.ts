import type { ContractStatus, ContractType } from './contracts';
import type { FeedbackCategory } from './feedback';

/**
 * Internal messages (spec 2 messageV2 "internal message" for players, `messages` in the agent
 * back office; spec 3 `unreadMessage`): the wire contract shared by the server and the browser.
 *
 * The spec shows labels only. Ours: every member has an inbox. Two kinds of message land in it:
 * - `notice`: written by the platform when something happened to the member's contracts or
 *   salary. It is stored as a topic and its parameters, not as text, so each reader sees it in
 *   their own language (the page renders `messages.topics.<topic>`).
 * - `upline`: written by the member's agent (or an agent above it) from the back office; plain
 *   text, shown as text (never as HTML).
 */

export const MESSAGE_SUBJECT_MAX = 80;
export const MESSAGE_BODY_MAX = 1000;
export const MESSAGE_PAGE_SIZE = 10;
/** The most messages one call may mark read or delete. */
export const MESSAGE_BATCH_MAX = 100;

/** What a notice is about, and the parameters its text needs. */
export interface NoticeParams {
  /** A contract changed state; the counterpart is the other party (who acted). */
  contract: {
    contractId: string;
    contractType: ContractType;
    /** The status the contract reached (spec 4) and the state behind it. */
    status: ContractStatus;
    state: string;
    rate: string;
    counterpart: string;
  };
  /** A salary (or dividend) period was paid into the wallet. */
  salarySettled: {
    contractType: ContractType;
    amount: string;
    periodStart: string;
    periodEnd: string;
  };
  /** The operator answered the member's feedback (issue 16); the answer is shown as text. */
  feedbackAnswered: {
    feedbackId: string;
    category: FeedbackCategory;
    answer: string;
  };
}

export type NoticeTopic = keyof NoticeParams;

export type MessageContent =
  | { kind: 'notice'; topic: 'contract'; params: NoticeParams['contract'] }
  | { kind: 'notice'; topic: 'salarySettled'; params: NoticeParams['salarySettled'] }
  | { kind: 'notice'; topic: 'feedbackAnswered'; params: NoticeParams['feedbackAnswered'] }
  | { kind: 'upline'; sender: string; subject: string; body: string };

export type MessageView = MessageContent & {
  id: string;
  createdAt: string;
  read: boolean;
};

export interface MessagePage {
  items: MessageView[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
}

/** POST /wps/messages/read and /wps/messages/delete: some messages, or every one. */
export type MessageSelection = { ids: string[] } | { all: true };

/** Who an agent writes to: one member of the team, or every direct downline. */
export type MessageRecipients = { account: string } | { directDownlines: true };

export interface SendMessageRequest {
  to: MessageRecipients;
  subject: string;
  body: string;
  /** Set by the page once per message: a retried send is not delivered twice. */
  requestKey: string;
}

export interface SendMessageResult {
  delivered: number;
}

/**
 * The `message` socket event: this member's inbox changed (a message arrived, or another tab
 * read or deleted some). It carries no figure: the page fetches the unread count again, so a
 * missed or late event can never leave a wrong count.
 */
export interface MessageEvent {
  reason: 'received' | 'changed';
}

export const messageEndpoints = {
  inbox: '/wps/messages',
  unread: '/wps/messages/unread',
  read: '/wps/messages/read',
  remove: '/wps/messages/delete',
  send: '/wps/agent/messages',
} as const;

/** Spec 7 CSP_unreadCount (T): the unread count as a relay; answers `{ count }`. */
export const UNREAD_COUNT_RELAY = 'CSP_unreadCount';
