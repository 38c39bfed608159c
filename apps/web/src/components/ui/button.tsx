import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant =
  'default' | 'primary' | 'secondary' | 'outline' | 'destructive' | 'ghost';
export type ButtonSize = 'sm' | 'default' | 'lg';

/** Class names for a button look, also for links that should look like buttons. */
export function buttonClassName(
  variant: ButtonVariant = 'default',
  size: ButtonSize = 'default',
  extra?: string,
): string {
  return ['btn', `btn--${variant}`, `btn--size-${size}`, extra].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Full width of its container. */
  block?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  variant = 'default',
  size = 'default',
  loading = false,
  block = false,
  icon,
  className,
  disabled,
  type = 'button',
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName(
        variant,
        size,
        [block && 'btn--block', className].filter(Boolean).join(' '),
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      {children}
    </button>
  );
}
