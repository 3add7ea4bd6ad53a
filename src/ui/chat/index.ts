/**
 * What other features use of the chat (issue 16): the staff sign-in form, shared by the
 * support console and the operator's back office (issue 30).
 */
export { SupportLogin } from './SupportLogin';
