import { expect, it } from 'vitest';
import { mutantKey, scoreOf } from '../../testers/paths/mutation/score';

/** The kill rate `npm run paths -- mutate` prints (issue 33), from Stryker's JSON report. */
it('counts killed and timed-out mutants as found, survivors and unreached ones as missed', () => {
  const at = (line: number) => ({ start: { line } });
  const report = {
    files: {
      'src/machines/a.ts': {
        mutants: [
          {
            mutatorName: 'BooleanLiteral',
            replacement: 'false',
            status: 'Killed',
            location: at(1),
          },
          { mutatorName: 'StringLiteral', replacement: '""', status: 'Timeout', location: at(2) },
          { mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(3) },
          {
            mutatorName: 'ObjectLiteral',
            replacement: '{}',
            status: 'NoCoverage',
            location: at(4),
          },
          {
            mutatorName: 'BlockStatement',
            replacement: '{}',
            status: 'CompileError',
            location: at(5),
          },
        ],
      },
    },
  };
  const key = mutantKey({
    file: 'src/machines/a.ts',
    line: 3,
    mutator: 'StringLiteral',
    replacement: '""',
  });
  const score = scoreOf(report, { [key]: 'the text is shown nowhere' });
  expect(score).toMatchObject({ killed: 2, missed: 2, percent: 50 });
  expect(score.survivors.map((one) => [one.line, one.reason])).toEqual([
    [3, 'the text is shown nowhere'],
    [4, null],
  ]);
});
