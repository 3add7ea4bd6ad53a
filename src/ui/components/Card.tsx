import type { HTMLAttributes, ReactNode } from 'react';

/** A surface with a border and padding; `title` gives it a heading and a landmark name. */
export function Card({
  title,
  actions,
  children,
  className = '',
  headingLevel = 2,
  ...rest
}: {
  title?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`card ${className}`} {...rest}>
      {(title || actions) && (
        <header className="card-header">
          {title && <Heading className="card-title">{title}</Heading>}
          {actions && <div className="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
