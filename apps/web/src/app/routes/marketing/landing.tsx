import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { CameraIcon, DownloadIcon, TagIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { loginHref } from '@/lib/route-set';

const STEPS = [
  {
    title: 'Snap',
    text: 'Photograph a receipt or forward the email to your personal receipt address.',
    icon: CameraIcon,
  },
  {
    title: 'Track',
    text: 'Vendor, amount and date are read for you. Sort by business and tag as you go.',
    icon: TagIcon,
  },
  {
    title: 'Done',
    text: 'Export to CSV, QuickBooks or a receipt PDF when tax time comes around.',
    icon: DownloadIcon,
  },
] as const;

export function LandingRoute() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="eyebrow">Receipts read in about 30 seconds</p>
          <h1 id="hero-title" className="hero__title">
            Snap it, Track it.
          </h1>
          <p className="hero__lead">
            SnapTrack turns receipt photos and forwarded receipt emails into tidy expenses, sorted
            by business, ready to export. $4.99 a month, unlimited receipts.
          </p>
          <div className="hero__actions">
            <Link to={paths.signup} className={buttonClassName('primary', 'lg')}>
              Start Tracking
            </Link>
            <a
              href={loginHref('marketing', env.appOrigin)}
              className={buttonClassName('outline', 'lg')}
            >
              Sign In
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="pain-title">
        <div className="container">
          <h2 id="pain-title" className="section__title">
            Receipt Hell is Real
          </h2>
          <p className="section__lead">
            Crumpled paper, lost emails and a spreadsheet you update once a year. Three steps fix
            it.
          </p>
          <ol className="steps">
            {STEPS.map(({ title, text, icon: Icon }, index) => (
              <li key={title} className="step-card">
                <span className="step-card__icon">
                  <Icon width={24} height={24} />
                </span>
                <p className="step-card__number">Step {index + 1}</p>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container cta__inner">
          <h2 id="cta-title">Ready to get out of receipt hell?</h2>
          <Link to={paths.signup} className={buttonClassName('secondary', 'lg')}>
            Start Tracking
          </Link>
        </div>
      </section>
    </>
  );
}
