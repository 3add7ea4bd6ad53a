// The member feature's public face: the inbox and compose form the back office reuses.
export { ComposeMessage } from './messages/ComposeMessage';
export { Inbox } from './messages/Inbox';
