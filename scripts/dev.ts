import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the real server (API + socket.io, restarted on change) on API_PORT, and Vite
 * with hot reload in front of it, proxying /wps, /lgw and /socket.io (vite.config.ts). The
 * development routes stay off unless you set DEV_TOOLS=1 yourself; SMS codes: `npm run ops --
 * outbox`.
 */
const apiPort = process.env.API_PORT ?? '8080';
const children: ChildProcess[] = [
  spawn('node', ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SERVE_STATIC: 'false' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
