import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordKind } from '../../../api/records';
import { DEFAULT_PAGE_SIZE } from '../../../shared/records';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { lastWeek, rangeOf } from '../../components/records/recordDates';
import {
  type RecordColumn,
  RecordsPager,
  RecordsTable,
} from '../../components/records/RecordsTable';
import { type CompactRecord, RecordRows } from '../../components/records/RecordRows';
import { useRecords } from './useRecords';
import { DateRangeError, DateRangeFields, readDayRange } from '../../components/DateRange';
import { Button } from '../../components/Button';
import { breakpoints, useMediaQuery } from '../../hooks/useMediaQuery';

export type { CompactRecord, RecordColumn };

export interface TypeFilter {
  label: string;
  options: { value: string; label: string }[];
}

interface Filters {
  fromDay: string;
  toDay: string;
  type: string;
}

/**
 * One record page (spec 2 records): date range and type filters, the records with totals,
 * paging, and loading, empty and error states. Filters apply on "Search"; paging keeps them.
 * On a phone (below the tablet breakpoint) the records are compact rows that open their
 * details (`compact`); wider, a table.
 */
export function RecordsView<T>({
  kind,
  columns,
  compact,
  rowKey,
  typeFilter,
  formatTotal,
  emptyText,
  testId,
  reloads = 0,
}: {
  kind: RecordKind;
  columns: RecordColumn<T>[];
  compact: CompactRecord<T>;
  rowKey: (item: T) => string;
  typeFilter?: TypeFilter;
  formatTotal?: (value: string) => ReactNode;
  emptyText: string;
  testId: string;
  reloads?: number;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const wide = useMediaQuery(`(min-width: ${breakpoints.tablet}px)`);
  const [filters, setFilters] = useState<Filters>({ ...lastWeek(), type: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const range = rangeOf(filters.fromDay, filters.toDay);
  const query =
    'error' in range
      ? null
      : { ...range, page, pageSize, ...(filters.type ? { type: filters.type } : {}) };
  const state = useRecords<T>(kind, query, reloads);
  const shown =
    state.kind === 'ready' ? state.page : state.kind === 'loading' ? state.previous : null;
  const totalPages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;

  return (
    <section className="records-view" data-testid={testId} aria-busy={state.kind === 'loading'}>
      <form
        className="records-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setFilters({
            ...readDayRange(data),
            type: String(data.get('type') ?? ''),
          });
          setPage(1);
        }}
      >
        <DateRangeFields range={filters} />
        {typeFilter && (
          <label>
            {typeFilter.label}
            <select name="type" defaultValue={filters.type}>
              <option value="">{t('records.all')}</option>
              {typeFilter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button type="submit" variant="primary" data-testid={`${testId}-search`}>
          {t('records.search')}
        </Button>
      </form>

      {'error' in range && <DateRangeError />}
      {state.kind === 'loading' && (
        <p role="status" className="records-loading">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{errorText(state.code)}</p>}
      {shown && shown.items.length === 0 && state.kind === 'ready' && (
        <EmptyState title={emptyText} />
      )}
      {shown &&
        shown.items.length > 0 &&
        (wide ? (
          <RecordsTable
            page={shown}
            columns={columns}
            rowKey={rowKey}
            formatTotal={formatTotal}
            testId={testId}
          />
        ) : (
          <RecordRows
            page={shown}
            columns={columns}
            compact={compact}
            rowKey={rowKey}
            formatTotal={formatTotal}
            testId={testId}
          />
        ))}
      {shown && shown.total > 0 && (
        <RecordsPager
          page={page}
          totalPages={totalPages}
          total={shown.total}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={setPageSize}
          testId={testId}
        />
      )}
    </section>
  );
}
