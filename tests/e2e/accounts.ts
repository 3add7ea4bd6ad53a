import { encryptedCall, humanProof, setSealer } from '../support/identityClient';
import { nodeSealPayload } from '../support/nodeSeal';
import { uniqueName } from './support';

// Playwright's loader cannot import jsencrypt: seal with node:crypto here.
setSealer(nodeSealPayload);

/** Accounts made through the real API, one per test. */
const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

export async function newAccount(): Promise<{ username: string; password: string }> {
  const username = uniqueName('m');
  const password = 'abc12345';
  const reply = await encryptedCall(server, '/wps/member/register', 'PUT', {
    username,
    password,
    confirmPassword: password,
    email: `${username}@example.test`,
    altcha: await humanProof(server),
    login: true,
  });
  if (!reply.body.success) throw new Error(`register failed: ${reply.body.code}`);
  return { username, password };
}
