/**
 * The demo logins' password (README): the seed sets it, and identity refuses it where a real
 * account must not keep it (enabling an account, a production start).
 */
export const DEMO_PASSWORD = 'Passw0rd!';
