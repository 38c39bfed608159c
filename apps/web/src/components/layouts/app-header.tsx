import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { LogOutIcon, MenuIcon } from '@/components/ui/icons';
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

/**
 * Top bar of the signed-in screens. Presentational: the route wires the session into it.
 * Wide screens show every action in the bar; narrower ones (styles.css) fold them behind a
 * Menu button, so no control is ever cut off or pushed off the screen.
 */
export function AppHeader({
  displayName,
  initial,
  avatarUrl,
  onSignOut,
  signingOut = false,
  actions,
}: AppHeaderProps) {
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // An open menu closes on Escape and on a click outside it, like any disclosure menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

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
        <div className="app-header__menu" ref={menuRef}>
          <Button
            variant="ghost"
            size="sm"
            icon={<MenuIcon />}
            className="app-header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </Button>
          <div
            id={menuId}
            className={`app-header__actions${menuOpen ? ' app-header__actions--open' : ''}`}
            // Choosing an action (a link, a dialog, Sign Out) closes the folded menu.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a, button')) setMenuOpen(false);
            }}
          >
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
      </div>
    </header>
  );
}
