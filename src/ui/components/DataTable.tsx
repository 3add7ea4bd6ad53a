import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Field, Select } from './Field';
import { PageNumbers } from './PageNumbers';
import { Table, type TableColumn, type TableSort } from './Table';

/** A DataTable's column: a Table column that may sort (by `sortValue`) and export (`csv`). */
export interface DataColumn<T> extends TableColumn<T> {
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (item: T) => string | number;
  /** The cell as plain text in the CSV export; without it the column is left out of it. */
  csv?: (item: T) => string;
}

/**
 * A table of a back-office list (issue 30) on the design system's Table: sorted by a header (or,
 * on a phone where the headers fold away, by the "Sort by" picker), filtered by a text box,
 * paged, and exported as CSV (the filtered rows in the order shown, every page). It works on
 * the rows it is given; a list larger than one answer is filtered on the server first.
 */
export function DataTable<T>({
  items,
  columns,
  rowKey,
  testId,
  caption,
  pageSize = 20,
  filterText,
  exportName,
  initialSort = null,
  toolbar,
}: {
  items: readonly T[];
  columns: DataColumn<T>[];
  rowKey: (item: T) => string;
  testId: string;
  caption: string;
  pageSize?: number;
  /** The text a row is found by; with it the table has a filter box. */
  filterText?: (item: T) => string;
  /** The CSV file's name (without .csv); with it the table has an export button. */
  exportName?: string;
  initialSort?: TableSort | null;
  /** More tools beside the filter (a status picker). */
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<TableSort | null>(initialSort);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);

  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase(i18n.language);
    const found = needle
      ? items.filter((item) =>
          (filterText?.(item) ?? '').toLocaleLowerCase(i18n.language).includes(needle),
        )
      : [...items];
    const column = sort ? columns.find((entry) => entry.id === sort.column) : undefined;
    if (!sort || !column?.sortValue) return found;
    const value = column.sortValue;
    const collator = new Intl.Collator(i18n.language, { numeric: true });
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return found.sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : collator.compare(String(left), String(right));
      return order * sign;
    });
  }, [items, filter, filterText, sort, columns, i18n.language]);

  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * pageSize, current * pageSize);
  const sortable = (id: string) => columns.some((column) => column.id === id && column.sortValue);

  const sortBy = (id: string) => {
    setSort((now) =>
      now?.column === id
        ? { column: id, direction: now.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column: id, direction: 'ascending' },
    );
    setPage(1);
  };

  const sortOptions = columns
    .filter((column) => column.sortValue)
    .flatMap((column) => [
      { value: `${column.id}:ascending`, label: `${column.label} ▲` },
      { value: `${column.id}:descending`, label: `${column.label} ▼` },
    ]);

  const download = () => {
    const exported = columns.filter((column) => column.csv);
    const lines = [
      exported.map((column) => column.label),
      ...shown.map((item) => exported.map((column) => column.csv!(item))),
    ];
    const blob = new Blob([toCsv(lines)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${exportName ?? testId}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="data-table" data-testid={testId}>
      {(filterText || sortOptions.length > 0 || exportName || toolbar) && (
        <div className="data-table-tools">
          {filterText && (
            <Field
              label={t('dataTable.filter')}
              name={`${testId}-filter`}
              type="search"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setPage(1);
              }}
            />
          )}
          {toolbar}
          {sortOptions.length > 0 && (
            <Select
              label={t('dataTable.sortBy')}
              name={`${testId}-sort`}
              value={sort ? `${sort.column}:${sort.direction}` : ''}
              options={[{ value: '', label: t('dataTable.sortNone') }, ...sortOptions]}
              onChange={(event) => {
                const [column, direction] = event.target.value.split(':');
                setSort(
                  column && (direction === 'ascending' || direction === 'descending')
                    ? { column, direction }
                    : null,
                );
                setPage(1);
              }}
            />
          )}
          {exportName && (
            <Button
              size="sm"
              className="data-table-export"
              onClick={download}
              disabled={shown.length === 0}
            >
              {t('dataTable.export')}
            </Button>
          )}
        </div>
      )}
      <p className="data-table-count" aria-live="polite">
        {t('dataTable.count', { shown: shown.length, total: items.length })}
      </p>
      <Table
        items={rows}
        columns={columns}
        rowKey={rowKey}
        testId={testId}
        caption={caption}
        sort={sort}
        onSort={sortBy}
        sortable={sortable}
      />
      <PageNumbers
        page={current}
        pages={pages}
        onPage={setPage}
        label={t('dataTable.pages', { caption })}
      />
    </div>
  );
}

/**
 * Rows as CSV (RFC 4180: quoted when needed, CRLF). A cell that a spreadsheet would read as a
 * formula (=, +, -, @ first) is kept as text with a leading apostrophe: an account or a note
 * typed by a member cannot run in the operator's spreadsheet.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
