import { useTranslation } from 'react-i18next';
import type { RgHistoryItem } from '../../shared/responsibleGaming';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Table } from '../components/Table';
import { useRgFormat } from './rgFormat';

/** What a change was about, in the reader's words ("Daily limit · deposits"). */
function useSubject(): (subject: string) => string {
  const { t } = useTranslation();
  return (subject) => {
    const [head, kind, period] = subject.split('.');
    if (head === 'limit' && kind && period)
      return `${t(`rg.periodLimit_${period}`)} · ${t(`rg.kindShort_${kind}`)}`;
    return t(`rg.subject_${head}`, { defaultValue: subject });
  };
}

/** A recorded value as the reader reads it: money, minutes, a zone, an exclusion's end. */
function useValue(): (item: RgHistoryItem, value: string | null) => string {
  const { t } = useTranslation();
  const format = useRgFormat();
  return (item, value) => {
    if (value === null)
      return item.subject.startsWith('limit.')
        ? t('rg.noLimit')
        : item.subject === 'sessionLimit' || item.subject === 'realityCheck'
          ? t('rg.off')
          : t('rg.none');
    // A payout by the operator during a break or self-exclusion: its amount.
    if (item.subject.startsWith('limit.') || item.subject === 'payout') return format.money(value);
    if (item.subject === 'sessionLimit' || item.subject === 'realityCheck')
      return format.duration(Number(value));
    if (item.subject === 'exclusion') {
      const [kind, word, end] = value.split(' ');
      const what = t(`rg.exclusionKind_${kind}`, { defaultValue: kind });
      return word === 'until' && end
        ? `${what} · ${format.date(end)}`
        : `${what} · ${t('rg.duration_permanent')}`;
    }
    return value;
  };
}

/** Every change of the member's settings (the newest 20): when, what, from, to, from when, who. */
export function HistoryCard({ history }: { history: RgHistoryItem[] }) {
  const { t } = useTranslation();
  const format = useRgFormat();
  const subject = useSubject();
  const value = useValue();
  return (
    <Card title={t('rg.historyTitle')} data-testid="rg-history">
      {history.length === 0 ? (
        <EmptyState title={t('rg.historyEmpty')} />
      ) : (
        <Table
          testId="rg-history"
          items={history}
          rowKey={(item) => `${item.at}:${item.subject}:${item.new ?? ''}:${item.effectiveAt}`}
          columns={[
            { id: 'at', label: t('rg.historyAt'), cell: (item) => format.date(item.at) },
            { id: 'subject', label: t('rg.historyWhat'), cell: (item) => subject(item.subject) },
            { id: 'old', label: t('rg.historyFrom'), cell: (item) => value(item, item.old) },
            { id: 'new', label: t('rg.historyTo'), cell: (item) => value(item, item.new) },
            {
              id: 'effective',
              label: t('rg.historyEffective'),
              cell: (item) => format.date(item.effectiveAt),
            },
            {
              id: 'actor',
              label: t('rg.historyBy'),
              cell: (item) => t(`rg.actor_${item.actor}`),
            },
          ]}
        />
      )}
    </Card>
  );
}
