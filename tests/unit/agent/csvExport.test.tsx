import { describe, expect, it } from 'vitest';
import { csvRow, textOf } from '../../../src/ui/agent/CsvExport';
import type { RecordColumn } from '../../../src/ui/components/records/RecordsTable';

interface Member {
  account: string;
  kind: 'member' | 'agent';
  uplineAccount: string;
  status: string;
  excluded: boolean;
  winLoss: string;
  lastLoginAt: string | null;
}

const words: Record<string, string> = { member: 'Player', agent: 'Agent', active: 'Active' };
const time = (iso: string) => `29/11/2026, ${iso.slice(11, 16)}`;

/** Columns as the back office's pages write them: cells for the screen, csv where it differs. */
const columns: RecordColumn<Member>[] = [
  { id: 'account', label: 'Account', cell: (item) => item.account },
  { id: 'kind', label: 'Type', cell: (item) => words[item.kind] },
  { id: 'upline', label: 'Upline', cell: (item) => item.uplineAccount },
  {
    id: 'status',
    label: 'Status',
    cell: (item) => (
      <>
        {words[item.status]}
        {item.excluded && (
          <>
            {' '}
            <span className="badge">Self-excluded</span>
          </>
        )}
      </>
    ),
  },
  { id: 'winLoss', label: 'Win/loss', numeric: true, cell: (item) => <b>{`₫${item.winLoss}`}</b> },
  {
    id: 'lastLoginAt',
    label: 'Last login',
    cell: (item) => (item.lastLoginAt ? time(item.lastLoginAt) : '—'),
    csv: (item) => (item.lastLoginAt ? time(item.lastLoginAt) : null),
  },
];

describe('a report exported as CSV (issue 34, finding 9)', () => {
  it('holds what the screen shows: words, the upline, local times; numbers as the server sent them', () => {
    const member: Member = {
      account: 'player4',
      kind: 'member',
      uplineAccount: 'agent2',
      status: 'active',
      excluded: true,
      winLoss: '-12.50',
      lastLoginAt: '2026-11-29T06:30:00.000Z',
    };
    expect(csvRow(columns, member)).toEqual([
      'player4',
      'Player',
      'agent2',
      'Active Self-excluded',
      '-12.50',
      '29/11/2026, 06:30',
    ]);
    expect(csvRow(columns, { ...member, excluded: false, lastLoginAt: null })).toEqual([
      'player4',
      'Player',
      'agent2',
      'Active',
      '-12.50',
      null,
    ]);
  });

  it('reads the text of a cell through fragments, arrays and elements', () => {
    expect(textOf(['a', 1, null, false, <i key="b">b</i>])).toBe('a1b');
    expect(textOf(<></>)).toBe('');
  });
});
