import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSignedMoney } from '../../../shared/money';
import type { Page } from '../../../shared/records';
import { Badge, type BadgeTone } from '../Badge';
import { Icon } from '../Icon';
import type { RecordColumn } from './RecordsTable';
import { useMoneyText } from './useMoneyText';

/** How one record reads as a compact row: its two lines, and what its details leave out. */
export interface CompactRecord<T> {
  /** What it was: the game, the kind of movement, the day. */
  title: (item: T) => ReactNode;
  /** Under it, small: when. */
  subtitle: (item: T) => ReactNode;
  /** The money it moved, a signed wire amount ("-15.00"): shown with its sign, in colour. */
  amount: (item: T) => string;
  /** False when that money has not moved (a pending or failed deposit): no colour then. */
  moved?: (item: T) => boolean;
  status?: (item: T) => { label: string; tone: BadgeTone } | null;
  /** The columns the two lines already show, left out of the details. */
  summarized: readonly string[];
}

/** "+12.50", "-3.00", "0.00": the sign always shown, and the tone it takes. */
function signedAmount(money: (amount: string) => string, amount: string) {
  const minor = parseSignedMoney(amount);
  const text = money(amount);
  if (minor > 0n) return { text: `+${text}`, tone: 'plus' };
  return { text, tone: minor < 0n ? 'minus' : 'zero' };
}

/**
 * One page of records on a phone: a row per record on two lines — what and when on the left,
 * the amount (signed, coloured) and the status on the right — that opens its details on a tap,
 * Enter or Space (the row is a button with aria-expanded). The server's totals close the list.
 */
export function RecordRows<T>({
  page,
  columns,
  compact,
  rowKey,
  formatTotal,
  testId,
}: {
  page: Page<T>;
  columns: RecordColumn<T>[];
  compact: CompactRecord<T>;
  rowKey: (item: T) => string;
  formatTotal?: (value: string) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const details = columns.filter((column) => !compact.summarized.includes(column.id));
  const totals = page.totals
    ? columns.filter((column) => column.numeric && page.totals?.[column.id] !== undefined)
    : [];
  return (
    <div className="record-rows-box">
      <ul className="record-rows" data-testid={`${testId}-rows`}>
        {page.items.map((item, index) => {
          const key = rowKey(item);
          return (
            <RecordRow
              key={key}
              item={item}
              compact={compact}
              details={details}
              detailsId={`${id}-${index}`}
              expanded={open.has(key)}
              onToggle={() => toggle(key)}
            />
          );
        })}
      </ul>
      {totals.length > 0 && (
        <div className="record-rows-totals" data-testid={`${testId}-totals`}>
          <p className="record-rows-totals-title">{t('records.total')}</p>
          <dl>
            {totals.map((column) => {
              const total = page.totals![column.id]!;
              return (
                <div key={column.id}>
                  <dt>{column.label}</dt>
                  <dd className="numeric">{formatTotal?.(total) ?? total}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      )}
    </div>
  );
}

/** One record: its two lines, a button when it has details to open (Enter and Space too). */
function RecordRow<T>({
  item,
  compact,
  details,
  detailsId,
  expanded,
  onToggle,
}: {
  item: T;
  compact: CompactRecord<T>;
  details: RecordColumn<T>[];
  detailsId: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const money = useMoneyText();
  const amount = signedAmount(money, compact.amount(item));
  const tone = compact.moved?.(item) === false ? 'zero' : amount.tone;
  const status = compact.status?.(item);
  const lines = (
    <>
      <span className="record-row-what">
        <span className="record-row-title">{compact.title(item)}</span>
        <span className="record-row-time">{compact.subtitle(item)}</span>
      </span>
      <span className="record-row-outcome">
        <span className={`record-row-amount ${tone}`} data-testid="record-row-amount">
          {amount.text}
        </span>
        {status && <Badge tone={status.tone}>{status.label}</Badge>}
      </span>
    </>
  );
  return (
    <li className="record-row" data-testid="record-row">
      {details.length === 0 ? (
        <div className="record-row-summary">{lines}</div>
      ) : (
        <button
          type="button"
          className="record-row-summary"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={onToggle}
        >
          {lines}
          <Icon name="chevronDown" size={18} className="record-row-chevron" />
        </button>
      )}
      {expanded && details.length > 0 && (
        <dl id={detailsId} className="record-row-details" data-testid="record-row-details">
          {details.map((column) => (
            <div key={column.id}>
              <dt>{column.label}</dt>
              <dd className={column.numeric ? 'numeric' : undefined}>{column.cell(item)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
