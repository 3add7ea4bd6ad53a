import type { ReactNode } from 'react';

/** What a list or section shows when it has nothing yet: never a blank area. */
export function EmptyState({
  title,
  children,
  icon = '∅',
}: {
  title: string;
  children?: ReactNode;
  icon?: string;
}) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state-icon" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      {children && <div className="empty-state-body">{children}</div>}
    </section>
  );
}
