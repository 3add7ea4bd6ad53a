import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Fills its row (forms on a phone). */
  block?: boolean;
  icon?: IconName;
  /** Shows a spinner and refuses clicks while something it started is under way. */
  busy?: boolean;
}

/** The one button: filled gold (primary), outlined (secondary), quiet (ghost) or danger. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    block = false,
    icon,
    busy = false,
    className = '',
    type = 'button',
    disabled,
    children,
    ...rest
  },
  ref,
) {
  const classes = ['button', variant, size === 'sm' ? 'small' : '', block ? 'block' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner small" aria-hidden="true" /> : icon && <Icon name={icon} />}
      {children}
    </button>
  );
});

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  /** Something drawn over the icon (a red dot). */
  overlay?: ReactNode;
}

/** A 44 px square button with an icon and a label for assistive technology (and a tooltip). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, overlay, className = '', type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`icon-button ${className}`}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} size={22} />
      {overlay}
    </button>
  );
});
