import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { paths } from '@/config/paths';
import { FAQ, NO_HIDDEN_FEES, PLAN_FEATURES } from './marketing-copy';
import './marketing.css';

/** /pricing: the one plan, its features, no hidden fees, and the FAQ (one answer open). */
export function PricingRoute() {
  return (
    <section className="section page-intro" aria-labelledby="pricing-title">
      <div className="container">
        <h1 id="pricing-title" className="section__title">
          Simple pricing
        </h1>
        <p className="section__lead">One plan with every feature.</p>
        <div className="pricing">
          <article className="plan" aria-labelledby="plan-name">
            <h2 id="plan-name">SnapTrack Pro</h2>
            <p className="plan__price">
              <span className="plan__amount">$4.99</span> / month
            </p>
            <p className="plan__note">Billed monthly. Cancel anytime.</p>
            <Link to={paths.signup} className={buttonClassName('primary', 'lg', 'btn--block')}>
              Start Tracking
            </Link>
            <ul className="plan__features" aria-label="Included">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature}>
                  <span aria-hidden="true">✓</span> {feature}
                </li>
              ))}
            </ul>
          </article>
          <section className="fees" aria-labelledby="fees-title">
            <h2 id="fees-title">No hidden fees. Ever.</h2>
            <ul>
              {NO_HIDDEN_FEES.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
        <Reveal>
          <FaqAccordion />
        </Reveal>
      </div>
    </section>
  );
}

/** Six questions; opening one closes the one that was open. */
function FaqAccordion() {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Frequently asked questions</h2>
      {FAQ.map(([question, answer], index) => {
        const expanded = open === index;
        return (
          <div key={question} className="faq__item">
            <h3 className="faq__question">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`${id}-answer-${index}`}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {question}
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </h3>
            <div
              id={`${id}-answer-${index}`}
              className="faq__answer"
              role="region"
              hidden={!expanded}
            >
              <p>{answer}</p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
