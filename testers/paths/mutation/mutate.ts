import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutantKey, readScore } from './score';

/** The kill rate the paths must reach (issue 33). */
export const GOAL_PERCENT = 90;

const root = fileURLToPath(new URL('../../..', import.meta.url));
const here = path.join(root, 'testers/paths/mutation');

/**
 * `npm run paths -- mutate`: Stryker over the machines with the model paths as the tests
 * (stryker.config.mjs), then the kill rate and every survivor, with its recorded reason where
 * it has one (accepted.json). Fails (exit 1) below the goal.
 */
export async function mutate(): Promise<string> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
        'run',
        path.join(here, 'stryker.config.mjs'),
      ],
      { cwd: root, stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`stryker ended with ${code}`);
  const score = await readScore(
    path.join(root, 'reports/mutation/mutation.json'),
    path.join(here, 'accepted.json'),
  );
  const lines = [
    `Mutation score of the machines under the model paths: ${score.percent.toFixed(1)} % ` +
      `(${score.killed} killed, ${score.missed} missed; goal ${GOAL_PERCENT} %)`,
  ];
  const open = score.survivors.filter((one) => !one.reason);
  const explained = score.survivors.filter((one) => one.reason);
  if (open.length) {
    lines.push(`Survivors without a recorded reason (${open.length}):`);
    for (const one of open)
      lines.push(
        `  ${mutantKey(one)}${one.status === 'NoCoverage' ? ' (no test reaches it)' : ''}`,
      );
  }
  if (explained.length) {
    lines.push(
      `Survivors with a recorded reason (${explained.length}, testers/paths/mutation/accepted.json):`,
    );
    for (const one of explained) lines.push(`  ${mutantKey(one)}: ${one.reason}`);
  }
  lines.push('Report: reports/mutation/index.html');
  if (score.percent < GOAL_PERCENT) throw new Error(lines.join('\n'));
  return lines.join('\n');
}
