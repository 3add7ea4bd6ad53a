import { readFile } from 'node:fs/promises';

/**
 * The kill rate of a mutation run (issue 33), from Stryker's JSON report (the mutation testing
 * report schema): killed and timed-out mutants are found faults; survivors and mutants no test
 * reached are missed ones. A survivor may carry a recorded reason (`accepted.json`: why no
 * path can or need tell it apart): it still counts as missed, and is listed apart.
 */
export interface MutantLine {
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  status: string;
}

export interface Score {
  killed: number;
  missed: number;
  /** found ÷ (found + missed), in percent. */
  percent: number;
  survivors: (MutantLine & { reason: string | null })[];
}

interface Report {
  files: Record<
    string,
    {
      mutants: {
        mutatorName: string;
        replacement?: string;
        status: string;
        location: { start: { line: number } };
      }[];
    }
  >;
}

/** A survivor's key in accepted.json: `file:line mutator → replacement`. */
export const mutantKey = (mutant: Omit<MutantLine, 'status'>) =>
  `${mutant.file}:${mutant.line} ${mutant.mutator} → ${mutant.replacement}`;

export function scoreOf(report: Report, accepted: Record<string, string>): Score {
  let killed = 0;
  let missed = 0;
  const survivors: Score['survivors'] = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      if (mutant.status === 'Killed' || mutant.status === 'Timeout') killed += 1;
      else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        missed += 1;
        const line: MutantLine = {
          file,
          line: mutant.location.start.line,
          mutator: mutant.mutatorName,
          replacement: (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80),
          status: mutant.status,
        };
        survivors.push({ ...line, reason: accepted[mutantKey(line)] ?? null });
      }
    }
  }
  const percent = killed + missed === 0 ? 100 : (killed * 100) / (killed + missed);
  return { killed, missed, percent, survivors };
}

export async function readScore(reportFile: string, acceptedFile: string): Promise<Score> {
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as Report;
  const accepted = JSON.parse(await readFile(acceptedFile, 'utf8').catch(() => '{}')) as Record<
    string,
    string
  >;
  return scoreOf(report, accepted);
}
