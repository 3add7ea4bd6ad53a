export type PageItem = number | { gap: 'before' | 'after'; to: number };

/**
 * The page numbers to show for `page` of `pages`: `margin` pages at each end and a window of
 * `range` around the current one; a skipped run becomes a gap that jumps `range` pages.
 */
export function pageItems(page: number, pages: number, range: number, margin: number): PageItem[] {
  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(margin, pages); n += 1) shown.add(n);
  for (let n = Math.max(1, pages - margin + 1); n <= pages; n += 1) shown.add(n);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(pages, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let n = start; n <= end; n += 1) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) {
      const before = n <= page;
      items.push({
        gap: before ? 'before' : 'after',
        to: before ? Math.max(1, page - range) : Math.min(pages, page + range),
      });
    }
    items.push(n);
  });
  return items;
}
