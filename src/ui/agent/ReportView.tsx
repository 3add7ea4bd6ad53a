import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentReportKind, AgentReportRows, ReportQuery } from '../../api/agent';
import { DEFAULT_PAGE_SIZE, type Page } from '../../shared/records';
import { useErrorText } from '../components/forms/useErrorText';
import { EmptyState } from '../components/EmptyState';
import { lastWeek, rangeOf } from '../components/records/recordDates';
import { RecordsPager, RecordsTable } from '../components/records/RecordsTable';
import type { RecordColumn } from '../components/records/RecordsTable';
import { agentFeature } from '../../app/features/agent';
import { useFeature } from '../core/useFeature';
import { CsvExport } from './CsvExport';
import { useKeyedQuery } from '../hooks/useQuery';
import { DateRangeError, DateRangeFields, readDayRange } from '../components/DateRange';
import { LoadFailed } from '../components/LoadFailed';
import { Button } from '../components/Button';

/** A filter of a report: free text (an account) or a choice (vendor, level, type). */
export type ReportFilter =
  | { name: string; label: string; kind: 'text'; placeholder?: string }
  | { name: string; label: string; kind: 'select'; options: { value: string; label: string }[] };

type FilterValues = Record<string, string>;

/**
 * One back-office report, the member records' RecordsView pattern for the team reports (it
 * takes the report's call and several filters): date range (unless `dates` is off), filters
 * applied on "Search", a table with the server's totals over every matching row, paging, and
 * loading, empty and error states (with a retry).
 */
export function ReportView<K extends AgentReportKind>({
  kind,
  columns,
  rowKey,
  filters = [],
  dates = true,
  formatTotal,
  emptyText,
  testId,
  chart,
}: {
  kind: K;
  columns: RecordColumn<AgentReportRows[K]>[];
  rowKey: (item: AgentReportRows[K]) => string;
  filters?: ReportFilter[];
  dates?: boolean;
  formatTotal?: (value: string) => ReactNode;
  emptyText: string;
  testId: string;
  /**
   * Something drawn from the whole range above the table (the income chart): given the query
   * without its page, the days asked for, and a number that changes with every search.
   */
  chart?: (view: {
    query: Omit<ReportQuery, 'page' | 'pageSize'>;
    fromDay: string;
    toDay: string;
    search: number;
  }) => ReactNode;
}) {
  const { t } = useTranslation();
  const agentModule = useFeature(agentFeature);
  const errorText = useErrorText();
  const [range, setRange] = useState(lastWeek);
  const [values, setValues] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [reloads, setReloads] = useState(0);
  const span = dates ? rangeOf(range.fromDay, range.toDay) : {};
  const query: ReportQuery | null = 'error' in span ? null : { ...span, ...values, page, pageSize };
  const state = useKeyedQuery<Page<AgentReportRows[K]>>(
    query ? `${kind}:${JSON.stringify(query)}:${reloads}` : null,
    (signal) => agentModule.report(kind, query!, signal),
  );
  const shown =
    state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.previous : null;
  const totalPages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;

  return (
    <section className="records-view" data-testid={testId} aria-busy={state.kind === 'loading'}>
      <form
        className="records-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          if (dates) {
            setRange(readDayRange(data));
          }
          setValues(
            Object.fromEntries(
              filters
                .map((filter) => [filter.name, String(data.get(filter.name) ?? '').trim()])
                .filter(([, value]) => value !== ''),
            ),
          );
          setPage(1);
          setReloads((n) => n + 1);
        }}
      >
        {dates && <DateRangeFields range={range} />}
        {filters.map((filter) => (
          <label key={filter.name}>
            {filter.label}
            {filter.kind === 'text' ? (
              <input
                type="search"
                name={filter.name}
                defaultValue={values[filter.name] ?? ''}
                placeholder={filter.placeholder}
                maxLength={64}
                autoComplete="off"
              />
            ) : (
              <select name={filter.name} defaultValue={values[filter.name] ?? ''}>
                <option value="">{t('records.all')}</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </label>
        ))}
        <Button type="submit" variant="primary" data-testid={`${testId}-search`}>
          {t('records.search')}
        </Button>
      </form>

      {'error' in span && <DateRangeError />}
      {chart &&
        query &&
        chart({
          query: { ...span, ...values },
          fromDay: range.fromDay,
          toDay: range.toDay,
          search: reloads,
        })}
      {state.kind === 'loading' && (
        <p role="status" className="records-loading">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <LoadFailed onRetry={() => setReloads((n) => n + 1)} message={errorText(state.code)} />
      )}
      {shown && shown.items.length === 0 && state.kind === 'ready' && (
        <EmptyState title={emptyText} />
      )}
      {shown && shown.items.length > 0 && (
        <div className="agent-table-scroll">
          <RecordsTable
            page={shown}
            columns={columns}
            rowKey={rowKey}
            formatTotal={formatTotal}
            testId={testId}
          />
        </div>
      )}
      {shown && shown.total > 0 && query && (
        <CsvExport
          columns={columns}
          total={shown.total}
          fileName={dates ? `${kind}-${range.fromDay}-${range.toDay}.csv` : `${kind}.csv`}
          fetchPage={(exportPage, exportSize, signal) =>
            agentModule.report(kind, { ...query, page: exportPage, pageSize: exportSize }, signal)
          }
          testId={testId}
        />
      )}
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
