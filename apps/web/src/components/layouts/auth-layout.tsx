import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';

type AuthLayoutProps = {
  children: ReactNode;
  footer?: ReactNode;
};

/** Centered card on a soft backdrop: login, reset password, setup password. */
export function AuthLayout({ children, footer }: AuthLayoutProps) {
  return (
    <main className="auth-layout">
      <div className="auth-card">
        <div className="auth-card__brand">
          <Logo size={48} withName={false} />
          <p className="auth-card__name">SnapTrack</p>
          <p className="auth-card__tagline">Snap it, Track it.</p>
        </div>
        {children}
      </div>
      {footer ? <div className="auth-layout__footer">{footer}</div> : null}
    </main>
  );
}
