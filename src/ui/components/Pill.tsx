import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from './Icon';

/**
 * A row of pills that scrolls sideways on a phone (snap, no scrollbar), for category menus and
 * filters. Each pill is a link (`to`) or a toggle button (`pressed`).
 */
export function PillRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className="pill-row" aria-label={label}>
      <ul>{children}</ul>
    </nav>
  );
}

/** A pill row's shape while its items load: the same height, so nothing below it moves. */
export function PillRowSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div className="pill-row skeleton-group" aria-hidden="true">
      <ul>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <span className="pill pill-skeleton skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PillLink({
  to,
  icon,
  children,
  end,
}: {
  to: string;
  icon?: IconName;
  children: ReactNode;
  end?: boolean;
}) {
  return (
    <li>
      <NavLink to={to} end={end} className="pill">
        {icon && <Icon name={icon} size={18} />}
        <span>{children}</span>
      </NavLink>
    </li>
  );
}

export function PillButton({
  pressed,
  onClick,
  icon,
  children,
  testId,
}: {
  pressed: boolean;
  onClick: () => void;
  icon?: IconName;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <li>
      <button
        type="button"
        className="pill"
        aria-pressed={pressed}
        onClick={onClick}
        data-testid={testId}
      >
        {icon && <Icon name={icon} size={18} />}
        <span>{children}</span>
      </button>
    </li>
  );
}
