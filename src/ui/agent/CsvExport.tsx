import { isValidElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toCsv } from '../../shared/csv';
import type { Page } from '../../shared/records';
import { useErrorText } from '../components/forms/useErrorText';
import { Button } from '../components/Button';
import type { RecordColumn } from '../components/records/RecordsTable';

const EXPORT_PAGE_SIZE = 50;

/** The raw value of a row's field for the file: numbers as the server sent them. */
function rawValue(item: unknown, id: string): string | number | null {
  const value = (item as Record<string, unknown>)[id];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The text a cell shows: its strings and numbers, through fragments and elements' children. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/**
 * One row of the file, as the screen shows it (issue 34, finding 9: the file had the raw
 * fields — an empty Upline, account types as codes, UTC timestamps): each column's `csv` when
 * it has one; a numeric column's value as the server sent it, so a spreadsheet sums it; else
 * the text of the cell on screen (translated words, local times), or the raw field when the
 * cell draws something without text.
 */
export function csvRow<T>(
  columns: readonly RecordColumn<T>[],
  item: T,
): (string | number | null)[] {
  return columns.map((column) => {
    if (column.csv) return column.csv(item);
    if (column.numeric) return rawValue(item, column.id) ?? textOf(column.cell(item));
    const shown = textOf(column.cell(item)).trim();
    return shown !== '' ? shown : rawValue(item, column.id);
  });
}

/**
 * "Export CSV" for a report: every row that matches the current filters (not only the page on
 * screen), fetched 50 at a time with its progress shown, then saved as a file. It can be
 * cancelled by leaving the page; a failure says why and keeps nothing half-written.
 */
export function CsvExport<T>({
  columns,
  fetchPage,
  fileName,
  total,
  testId,
}: {
  columns: RecordColumn<T>[];
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<Page<T>>;
  fileName: string;
  total: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setFailed(null);
    setProgress({ done: 0, total });
    try {
      const rows: T[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await fetchPage(page, EXPORT_PAGE_SIZE, controller.signal);
        rows.push(...answer.items);
        setProgress({ done: rows.length, total: answer.total });
        if (rows.length >= answer.total || answer.items.length === 0) break;
      }
      const csv = toCsv([
        columns.map((column) => column.label),
        ...rows.map((row) => csvRow(columns, row)),
      ]);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (!controller.signal.aborted)
        setFailed(errorText((error as { code?: string }).code ?? 'unknown_error'));
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  return (
    <div className="csv-export">
      <Button
        icon="download"
        size="sm"
        busy={progress !== null}
        disabled={total === 0}
        onClick={() => void run()}
        data-testid={`${testId}-csv`}
      >
        {t('agentOffice.exportCsv')}
      </Button>
      {progress && (
        <span role="status">
          {t('agentOffice.exporting', { done: progress.done, total: progress.total })}
        </span>
      )}
      {failed && (
        <span role="alert" className="field-error">
          {failed}
        </span>
      )}
    </div>
  );
}
