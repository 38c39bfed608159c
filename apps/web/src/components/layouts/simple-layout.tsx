import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

/** Logo bar and a centered column: app-set pages outside the dashboard chrome. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  return (
    <div className="simple-layout">
      <header className="simple-layout__header">
        <Link to={paths.home} aria-label="SnapTrack home">
          <Logo />
        </Link>
      </header>
      <main className="simple-layout__main">{children}</main>
    </div>
  );
}
