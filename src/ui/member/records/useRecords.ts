import { useEffect, useState } from 'react';
import type { RecordKind } from '../../../api/records';
import type { Page, RecordsQuery } from '../../../shared/records';
import { recordsFeature } from '../../../app/features/records';
import { useFeature } from '../../core/useFeature';

export type RecordsState<T> =
  | { kind: 'loading'; previous: Page<T> | null }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; page: Page<T> };

type Answer<T> = { key: string } & ({ page: Page<T> } | { code: string });

/**
 * Loads one page of a record for `query` (null: nothing to ask, e.g. a bad range). A newer
 * query cancels the older request, so a slow answer never replaces a newer one; the last page
 * stays on screen while the next loads. `reloads` asks again with the same query.
 */
export function useRecords<T>(
  kind: RecordKind,
  query: RecordsQuery | null,
  reloads = 0,
): RecordsState<T> {
  const recordsModule = useFeature(recordsFeature);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [lastPage, setLastPage] = useState<Page<T> | null>(null);
  const key = query ? `${kind}:${JSON.stringify(query)}:${reloads}` : null;
  useEffect(() => {
    if (key === null || query === null) return;
    const controller = new AbortController();
    recordsModule.fetch<T>(kind, query, controller.signal).then(
      (page) => {
        setAnswer({ key, page });
        setLastPage(page);
      },
      (error: { code?: string }) => {
        if (!controller.signal.aborted) setAnswer({ key, code: error.code ?? 'unknown_error' });
      },
    );
    return () => controller.abort();
    // `key` stands for `query`'s content: a new object with the same content asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, recordsModule]);
  if (!answer || answer.key !== key) return { kind: 'loading', previous: lastPage };
  return 'page' in answer
    ? { kind: 'ready', page: answer.page }
    : { kind: 'failed', code: answer.code };
}
