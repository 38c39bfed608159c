import type { ReactNode } from 'react';
import { XIcon } from './icons';

export type BannerTone = 'error' | 'success' | 'info' | 'warning';

export type BannerProps = {
  tone?: BannerTone;
  title?: string;
  children: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
};

/** Errors interrupt (role="alert"); everything else is announced politely (role="status"). */
export function Banner({
  tone = 'info',
  title,
  children,
  onDismiss,
  dismissLabel = 'Dismiss message',
  className,
}: BannerProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['banner', `banner--${tone}`, className].filter(Boolean).join(' ')}
    >
      <div className="banner__body">
        {title ? <p className="banner__title">{title}</p> : null}
        <div className="banner__text">{children}</div>
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="banner__dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
        >
          <XIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}
