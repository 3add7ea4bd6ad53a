import type { ReactNode } from 'react';
import { LiveSupportButton } from './LiveSupportButton';
import { Icon, type IconName } from '../../components/Icon';

/** The frame every blocking screen shares: icon, title, its own text, then live support. */
export function StatusScreen({
  testId,
  icon,
  title,
  children,
}: {
  testId: string;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="status-screen" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="status-icon" aria-hidden="true">
        <Icon name={icon} size={48} />
      </div>
      <h1 id={`${testId}-title`}>{title}</h1>
      {children}
      <LiveSupportButton />
    </main>
  );
}
