import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A column of a Table: its header, how a row shows in it, and whether it holds numbers. */
export interface TableColumn<T> {
  id: string;
  label: string;
  cell: (item: T) => ReactNode;
  /** Right-aligned, and shown in the totals row from `totals[id]`. */
  numeric?: boolean;
}

/** A table's order: the column it is sorted by, and which way (DataTable). */
export interface TableSort {
  column: string;
  direction: 'ascending' | 'descending';
}

/**
 * The design system's table. It never widens the page: from 560 px of room it is a table that
 * scrolls sideways inside its own box; below that (a phone) each row folds into a card of
 * labelled values (each cell carries its column's label). `totals` adds a totals row.
 */
export function Table<T>({
  items,
  columns,
  rowKey,
  totals,
  formatTotal,
  testId,
  caption,
  sort,
  onSort,
  sortable,
}: {
  items: readonly T[];
  columns: TableColumn<T>[];
  /** The order shown (its header says so to assistive technology). */
  sort?: TableSort | null;
  /** Makes the headers of `sortable` columns buttons that sort by them. */
  onSort?: (column: string) => void;
  sortable?: (column: string) => boolean;
  rowKey: (item: T) => string;
  totals?: Record<string, string> | null;
  formatTotal?: (value: string) => ReactNode;
  testId: string;
  caption?: string;
}) {
  const { t } = useTranslation();
  const numeric = (column: TableColumn<T>) => (column.numeric ? 'numeric' : undefined);
  return (
    <div className="table-fold">
      <div className="table-scroll">
        <table className="records" data-testid={`${testId}-table`}>
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={numeric(column)}
                    aria-sort={sortable?.(column.id) ? (sorted ?? 'none') : undefined}
                  >
                    {onSort && sortable?.(column.id) ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => onSort(column.id)}
                      >
                        {column.label}
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={rowKey(item)}>
                {columns.map((column) => (
                  <td key={column.id} className={numeric(column)} data-label={column.label}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals && (
            <tfoot>
              <tr data-testid={`${testId}-totals`}>
                {columns.map((column, index) => {
                  const total = totals[column.id];
                  const shown =
                    column.numeric && total !== undefined ? (formatTotal?.(total) ?? total) : null;
                  return (
                    <td
                      key={column.id}
                      className={numeric(column)}
                      data-label={index === 0 ? undefined : column.label}
                    >
                      {index === 0 ? t('records.total') : shown}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
