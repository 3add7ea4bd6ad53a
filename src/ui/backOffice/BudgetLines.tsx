import { useTranslation } from 'react-i18next';
import type { BudgetLineView } from '../../shared/backOfficePromotions';

/**
 * The returns budget's lines a draft takes over it (a promotion, VIP levels and missions), each
 * with what it returns against its limit and the items that add up to it.
 */
export function BudgetLines({ lines }: { lines: readonly BudgetLineView[] }) {
  const { t } = useTranslation();
  return (
    <ul>
      {lines.map((line) => (
        <li key={`${line.gameType}-${line.level}`}>
          <strong>
            {line.gameType} · VIP {line.level}
          </strong>
          {': '}
          {t('backOffice.promotions.lineOver', {
            total: line.total,
            limit: line.limit,
            edge: line.edge,
          })}
          <ul>
            {line.items.map((item) => (
              <li key={`${item.source}-${item.label}`}>
                {item.label} ({item.source}): {item.percent}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
