import { useTranslation } from 'react-i18next';
import { pageItems } from './pageItems';

/**
 * Numbered pages (spec 10: the announcement list shows a page range of 5 with 1 margin page:
 * "1 … 4 5 6 7 8 … 20"). Buttons in a list inside a labelled <nav>: keyboard (Enter, Space)
 * and screen readers get the page number and which page is current. Written here rather than
 * with react-paginate, whose list carries role="navigation" and so loses its list semantics
 * (axe: serious "listitem" violations).
 */
export function PageNumbers({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const items = pageItems(page, pages, 5, 1);
  return (
    <nav aria-label={label} className="page-numbers">
      <ul>
        <li>
          <button
            type="button"
            className="page-step"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('records.previous')}
          </button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pager.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item.gap}>
              <button
                type="button"
                aria-label={t(item.gap === 'before' ? 'pager.backward' : 'pager.forward')}
                onClick={() => onPage(item.to)}
              >
                …
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="page-step"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('records.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
