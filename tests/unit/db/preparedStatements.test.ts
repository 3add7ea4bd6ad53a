import { describe, expect, it } from 'vitest';
import { preparedStatements } from '../../../server/db/postgres';

describe('the statements PostgreSQL prepares (issue 31)', () => {
  it('names a statement on its third run and keeps its name', () => {
    const statement = preparedStatements();
    const sql = 'select 1 where $1::int = 1';
    expect(statement(sql, [1])).toEqual({ text: sql, values: [1] });
    expect(statement(sql, [1]).name).toBeUndefined();
    const named = statement(sql, [2]);
    expect(named).toEqual({ name: 's1', text: sql, values: [2] });
    expect(statement(sql, [3]).name).toBe('s1');
    // Another text gets its own name, never the first's.
    const other = 'select 2';
    for (let run = 0; run < 2; run++) expect(statement(other).name).toBeUndefined();
    expect(statement(other).name).toBe('s2');
  });

  it('names at most 500 statements and never a text run once', () => {
    const statement = preparedStatements();
    for (let n = 0; n < 20_000; n++) statement(`select ${n}`);
    for (let n = 0; n < 600; n++) for (let run = 0; run < 3; run++) statement(`select ${n} + 1`);
    const names = new Set<string>();
    for (let n = 0; n < 600; n++) {
      const name = statement(`select ${n} + 1`).name;
      if (name) names.add(name);
    }
    expect(names.size).toBe(500);
    // The 20,000 one-off texts were never named, though the counts started over on the way.
    expect(statement('select 7').name).toBeUndefined();
  });
});
