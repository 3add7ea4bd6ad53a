// The auth feature's public face: the login form the agent's landing page embeds. (The popups
// are loaded with import() by the shell: a lazy chunk's module is its own entry.)
export { LoginForm, type LoginOutcome } from './LoginForm';
