import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger';

/** A small label (`tone` colours it) or, with `count`, the red dot with a number. */
export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: BadgeTone }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** The red dot: a count (99+ above 99) or, without one, a plain dot. Hidden at zero. */
export function RedDot({ count, label }: { count?: number; label: string }) {
  if (count === 0) return null;
  if (count === undefined) return <span className="red-dot" role="img" aria-label={label} />;
  return (
    <span className="red-dot-count" aria-label={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
