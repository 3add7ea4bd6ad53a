import ReactPaginateExport from 'react-paginate';
import { useTranslation } from 'react-i18next';

/**
 * react-paginate ships a UMD bundle whose `module.exports` is `{ __esModule, default }`; the
 * production bundler's CommonJS interop hands that whole object over as the default import
 * (React error 130), the dev server the component itself. Take whichever arrived.
 */
const ReactPaginate =
  (ReactPaginateExport as unknown as { default?: typeof ReactPaginateExport }).default ??
  ReactPaginateExport;

/**
 * Numbered pages (spec 10: the announcement list shows a page range of 5 with 1 margin page:
 * "1 … 4 5 6 7 8 … 20"). react-paginate renders links that work with the keyboard (Enter) and
 * carry aria labels; `page` is 1-based here, 0-based there.
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
  return (
    <nav aria-label={label} className="page-numbers">
      <ReactPaginate
        pageCount={pages}
        forcePage={page - 1}
        pageRangeDisplayed={5}
        marginPagesDisplayed={1}
        onPageChange={({ selected }) => onPage(selected + 1)}
        previousLabel={t('records.previous')}
        nextLabel={t('records.next')}
        ariaLabelBuilder={(index: number) => t('pager.page', { page: index })}
        breakAriaLabels={{ forward: t('pager.forward'), backward: t('pager.backward') }}
        activeClassName="active"
        disabledClassName="disabled"
      />
    </nav>
  );
}
