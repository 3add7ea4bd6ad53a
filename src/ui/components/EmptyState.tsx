import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** What a list or section shows when it has nothing yet: never a blank area. */
export function EmptyState({
  title,
  children,
  icon = 'info',
}: {
  title: string;
  children?: ReactNode;
  /** One of the design system's icons (issue 34: no emoji, which a phone without an emoji font draws as empty boxes). */
  icon?: IconName;
}) {
  return (
    <section className="empty-state" aria-label={title}>
      <div className="empty-state-icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </div>
      <h2>{title}</h2>
      {children && <div className="empty-state-body">{children}</div>}
    </section>
  );
}
