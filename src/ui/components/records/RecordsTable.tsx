import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Page } from '../../../shared/records';
import { Table } from '../Table';
import { Button } from '../Button';

export interface RecordColumn<T> {
  id: string;
  label: string;
  cell: (item: T) => ReactNode;
  /** Right-aligned, and shown in the totals row from `totals[id]` when the server sums it. */
  numeric?: boolean;
  /** What an exported file holds for this column, when not the cell's text (CsvExport). */
  csv?: (item: T) => string | number | null;
}

/** One page of records with the server's totals row (over the whole range, not the page). */
export function RecordsTable<T>({
  page,
  columns,
  rowKey,
  formatTotal,
  testId,
}: {
  page: Page<T>;
  columns: RecordColumn<T>[];
  rowKey: (item: T) => string;
  formatTotal?: (value: string) => ReactNode;
  testId: string;
}) {
  return (
    <Table
      items={page.items}
      columns={columns}
      rowKey={rowKey}
      totals={page.totals}
      formatTotal={formatTotal}
      testId={testId}
    />
  );
}

/** Previous / next, "page x of y" and the page size (a new size starts again at page 1). */
export function RecordsPager({
  page,
  totalPages,
  total,
  pageSize,
  onPage,
  onPageSize,
  testId,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="records-pager" aria-label={t('records.pages')}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('records.previous')}
      </Button>
      <span data-testid={`${testId}-page`}>
        {t('records.pageOf', { page, pages: totalPages, total })}
      </span>
      <Button disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('records.next')}
      </Button>
      <label>
        {t('records.pageSize')}
        <select
          value={pageSize}
          onChange={(event) => {
            onPageSize(Number(event.target.value));
            onPage(1);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
