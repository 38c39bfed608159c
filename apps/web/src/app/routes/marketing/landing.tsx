import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { loginHref } from '@/lib/route-set';
import { ACCURACY_LINE, PAIN_POINTS, SECURITY_POINTS, STEPS, TESTIMONIALS } from './marketing-copy';
import './marketing.css';

/**
 * The landing page (docs/api.md, Help, feedback and the marketing site): the marketing copy, in
 * order.
 */
export function LandingRoute() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="eyebrow">Snap it, Track it.</p>
          <h1 id="hero-title" className="hero__title">
            Every receipt, sorted. No shoebox required.
          </h1>
          <p className="hero__lead">
            Take a photo or forward the email. SnapTrack reads the vendor, amount and date, files
            the expense under the right business, and keeps it ready for tax time.
          </p>
          <div className="hero__actions">
            <Link to={paths.signup} className={buttonClassName('primary', 'lg')}>
              Start Tracking
            </Link>
            <a href="#how-it-works" className={buttonClassName('outline', 'lg')}>
              See how it works
            </a>
          </div>
          <p className="hero__small">
            $4.99 per month. One plan, everything included. Cancel anytime.
          </p>
          <p className="hero__proof">{ACCURACY_LINE}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="pain-title">
        <Reveal className="container">
          <h2 id="pain-title" className="section__title">
            Receipt Hell is Real
          </h2>
          <p className="section__lead">
            Every purchase leaves a slip of paper or an email behind. Most of them end up somewhere
            you&apos;ll never look again, until you need them.
          </p>
          <ul className="card-grid card-grid--4">
            {PAIN_POINTS.map(([title, text]) => (
              <li key={title} className="info-card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
          <p className="section__closing">It doesn&apos;t have to be like this.</p>
        </Reveal>
      </section>

      <section className="section section--surface" id="how-it-works" aria-labelledby="steps-title">
        <Reveal className="container">
          <h2 id="steps-title" className="section__title">
            From paper to done in three steps
          </h2>
          <ol className="steps">
            {STEPS.map(([title, text], index) => (
              <li key={title} className="step-card">
                <p className="step-card__number">Step {index + 1}</p>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </Reveal>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <Reveal className="container">
          <h2 id="testimonials-title" className="section__title">
            How people use SnapTrack
          </h2>
          <p className="section__lead testimonials__note">
            Illustrative examples of how people use SnapTrack. Not real customer quotes.
          </p>
          <ul className="card-grid card-grid--3">
            {TESTIMONIALS.map(([quote, who]) => (
              <li key={who} className="info-card">
                <figure className="testimonial">
                  <blockquote>“{quote}”</blockquote>
                  <figcaption>{who}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Reveal>
      </section>

      <section className="section section--surface" aria-labelledby="demo-title">
        <Reveal className="container">
          <h2 id="demo-title" className="section__title">
            See what SnapTrack reads
          </h2>
          <p className="section__lead">
            An example receipt, read the way SnapTrack reads yours, in the background while you get
            on with your day.
          </p>
          <div className="demo">
            <div className="demo__receipt" aria-label="Sample receipt" role="img">
              <p className="demo__receipt-name">CORNER CAFÉ</p>
              <p>2026-11-14 08:42</p>
              <p>Flat white ........ 4.20</p>
              <p>Breakfast bowl .... 12.50</p>
              <p>Orange juice ...... 1.70</p>
              <p className="demo__receipt-total">TOTAL ........ $18.40</p>
            </div>
            <dl className="demo__card" aria-label="What SnapTrack read">
              <div>
                <dt>Vendor</dt>
                <dd>Corner Café</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>$18.40</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>2026-11-14</dd>
              </div>
              <div>
                <dt>Confidence</dt>
                <dd>
                  <span className="demo__badge">High (91%)</span>
                </dd>
              </div>
            </dl>
          </div>
          <p className="demo__caption">
            SnapTrack read the total right on 97 of 98 real shop receipts in our benchmark. You
            confirm it, or fix it in one click.
          </p>
          <p className="demo__note">
            Every reading comes with a confidence badge: High from 85%, Medium from 70%, Low below
            that. You always see what SnapTrack was unsure about, and the original receipt is one
            click away. Most receipts are ready in well under a minute.
          </p>
        </Reveal>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container cta__inner">
          <h2 id="cta-title">Get out of receipt hell today</h2>
          <p>One plan. $4.99 per month. Every feature included, and you can cancel anytime.</p>
          <Link to={paths.signup} className={buttonClassName('secondary', 'lg')}>
            Start Tracking
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="security-title">
        <Reveal className="container">
          <h2 id="security-title" className="section__title">
            Your receipts are private
          </h2>
          <p className="section__lead">
            Receipts show where you shop, travel and who you do business with. We treat them that
            way.
          </p>
          <ul className="card-grid card-grid--3">
            {SECURITY_POINTS.map(([title, text]) => (
              <li key={title} className="info-card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
          <p className="section__closing">
            <Link to={paths.privacy}>Read our Privacy Policy</Link> ·{' '}
            <a href={loginHref('marketing', env.appOrigin)}>Sign In</a>
          </p>
        </Reveal>
      </section>
    </>
  );
}
