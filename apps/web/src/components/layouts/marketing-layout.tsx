import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { buttonClassName } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { loginHref } from '@/lib/route-set';

// A plain <a>: signing in switches to the app route set, which is a new page load.
const signInHref = loginHref('marketing', env.appOrigin);

export function MarketingLayout({
  children,
  versionSlot,
}: {
  children: ReactNode;
  /** The version indicator (a feature, so the route passes it in). */
  versionSlot?: ReactNode;
}) {
  return (
    <div className="marketing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to={paths.home} className="site-header__brand" aria-label="SnapTrack home">
            <Logo />
          </Link>
          <nav className="site-header__nav" aria-label="Main">
            <NavLink to={paths.features} className="nav-link">
              Features
            </NavLink>
            <NavLink to={paths.pricing} className="nav-link">
              Pricing
            </NavLink>
          </nav>
          <div className="site-header__actions">
            <a href={signInHref} className={buttonClassName('ghost')}>
              Sign In
            </a>
            <Link to={paths.signup} className={buttonClassName('primary')}>
              Start Tracking
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="marketing__main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div className="site-footer__brand">
            <Logo />
            <p>Snap it, Track it.</p>
          </div>
          <nav className="site-footer__col" aria-label="Product">
            <h2>Product</h2>
            <Link to={paths.features}>Features</Link>
            <Link to={paths.pricing}>Pricing</Link>
            <a href={signInHref}>Sign In</a>
          </nav>
          <nav className="site-footer__col" aria-label="Legal">
            <h2>Legal</h2>
            <Link to={paths.privacy}>Privacy Policy</Link>
            <Link to={paths.terms}>Terms of Service</Link>
            <Link to={paths.support}>Support</Link>
          </nav>
        </div>
        <div className="container site-footer__bottom">
          <p>© 2025 SnapTrack. All rights reserved.</p>
          <div className="site-footer__version">{versionSlot ?? `v${env.appVersion}`}</div>
        </div>
      </footer>
    </div>
  );
}
