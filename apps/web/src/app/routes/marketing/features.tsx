import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { paths } from '@/config/paths';
import { FEATURES } from './marketing-copy';
import './marketing.css';

/** /features: eight feature cards. */
export function FeaturesRoute() {
  return (
    <section className="section page-intro" aria-labelledby="features-title">
      <div className="container">
        <h1 id="features-title" className="section__title">
          Everything you need to keep receipts under control
        </h1>
        <p className="section__lead">One plan, every feature. No add-ons, no tiers.</p>
        <Reveal>
          <ul className="card-grid card-grid--4" aria-label="Features">
            {FEATURES.map(([title, text]) => (
              <li key={title} className="info-card">
                <h2>{title}</h2>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </Reveal>
        <p className="section__closing">
          <Link to={paths.signup} className={buttonClassName('primary', 'lg')}>
            Start Tracking
          </Link>
        </p>
      </div>
    </section>
  );
}
