import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { LogOutIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

type AppHeaderProps = {
  displayName: string;
  initial: string;
  avatarUrl?: string | null;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Extra controls before Sign Out (email status, analytics, export, settings). */
  actions?: ReactNode;
};

/** Top bar of the signed-in screens. Presentational: the route wires the session into it. */
export function AppHeader({
  displayName,
  initial,
  avatarUrl,
  onSignOut,
  signingOut = false,
  actions,
}: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className="container app-header__inner">
        <Link to={paths.dashboard} className="app-header__brand" aria-label="SnapTrack dashboard">
          <Logo />
        </Link>
        <div className="app-header__user">
          <span className="avatar" aria-hidden="true">
            {avatarUrl ? <img src={avatarUrl} alt="" referrerPolicy="no-referrer" /> : initial}
          </span>
          <span className="app-header__name" title={displayName}>
            {displayName}
          </span>
        </div>
        <div className="app-header__actions">
          {actions}
          <Button
            variant="ghost"
            size="sm"
            icon={<LogOutIcon />}
            onClick={onSignOut}
            loading={signingOut}
            aria-label="Sign Out"
          >
            <span className="hide-sm">Sign Out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
