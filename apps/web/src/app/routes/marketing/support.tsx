import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './marketing.css';

const TOPICS = [
  [
    'Getting started',
    'creating your account, setting your password, onboarding, your first receipt.',
  ],
  [
    'Receipts',
    'supported files and the 20 MB limit, camera uploads, processing and retry, fixing what SnapTrack read, confidence badges, duplicates.',
  ],
  [
    'Email forwarding',
    'your receipt address, supported mail apps, text receipts, the mail log, choosing or changing your username.',
  ],
  ['Entities and tags', 'setting up your businesses, the Personal entity, tagging expenses.'],
  ['Dashboard and statistics', 'summary card periods, entity breakdown, top vendors and tags.'],
  ['Exports', 'CSV, QuickBooks invoice CSV and receipt PDF.'],
  [
    'Account and billing',
    'your subscription, Manage Billing, cancelling, sign-in methods, password resets, contact email.',
  ],
  ['Privacy and security', 'your data, cookies and consent, deleting your data.'],
] as const;

/** /support: contact, hours, response time, topics and the note on phones. */
export function SupportRoute() {
  return (
    <section className="section page-intro" aria-labelledby="support-title">
      <div className="container support">
        <h1 id="support-title" className="section__title">
          How can we help?
        </h1>
        <p className="section__lead">
          Search the help centre in the app, or get in touch. Real people answer every message.
        </p>
        <section className="info-card support__contact" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact</h2>
          <dl>
            <dt>Email support</dt>
            <dd>
              <a href="mailto:support@snaptrack.app">support@snaptrack.app</a>
            </dd>
            <dt>In-app feedback</dt>
            <dd>
              Settings → Feedback &amp; Support: Give Feedback, Report Problem or Request Feature.
            </dd>
            <dt>Response time</dt>
            <dd>Typically within 24 hours.</dd>
            <dt>Hours</dt>
            <dd>Mon-Fri 9AM-5PM CST</dd>
            <dt>Privacy questions</dt>
            <dd>
              <a href="mailto:privacy@snaptrack.app">privacy@snaptrack.app</a>
            </dd>
          </dl>
        </section>
        <section aria-labelledby="topics-title">
          <h2 id="topics-title">Topics</h2>
          <ul className="support__topics">
            {TOPICS.map(([title, text]) => (
              <li key={title}>
                <strong>{title}:</strong> {text}
              </li>
            ))}
          </ul>
        </section>
        <section className="info-card" aria-labelledby="phone-title">
          <h2 id="phone-title">Using SnapTrack on your phone</h2>
          <p>
            There is no native iOS app: SnapTrack works in your phone&apos;s browser, with camera
            capture. Open SnapTrack in Safari, Chrome or another modern browser and sign in. To open
            it like an app, add it to your home screen: in Safari, tap Share and then Add to Home
            Screen; in Chrome, open the menu and tap Install app.
          </p>
        </section>
        <p className="section__closing">
          <Link to={paths.privacy}>Privacy Policy</Link> ·{' '}
          <Link to={paths.terms}>Terms of Service</Link>
        </p>
      </div>
    </section>
  );
}
