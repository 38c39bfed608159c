import { useQuery } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import './legal.css';

type LegalDocument = {
  path: string;
  title: string;
  failure: string;
  related: { to: string; label: string };
};

const documents = {
  privacy: {
    path: '/docs/legal/privacy-policy.md',
    title: 'Privacy Policy',
    failure: 'Unable to load privacy policy. Please try again later.',
    related: { to: paths.terms, label: 'Terms of Service' },
  },
  terms: {
    path: '/docs/legal/terms-of-service.md',
    title: 'Terms of Service',
    failure: 'Unable to load terms of service. Please try again later.',
    related: { to: paths.privacy, label: 'Privacy Policy' },
  },
} satisfies Record<string, LegalDocument>;

async function fetchDocument(path: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(path, { signal, headers: { Accept: 'text/markdown' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

/** /privacy and /terms: the markdown of docs/legal, rendered without raw HTML. */
function LegalPage({ document }: { document: LegalDocument }) {
  const text = useQuery({
    queryKey: ['legal', document.path],
    queryFn: ({ signal }) => fetchDocument(document.path, signal),
    staleTime: 60 * 60_000,
  });
  // On the app host / leads to the dashboard (or sign-in); on the marketing host, home.
  const backTo = paths.home;

  return (
    <div className="legal container">
      {text.isPending ? (
        <Spinner label={`Loading ${document.title}`} />
      ) : text.isError ? (
        <div className="legal__failure">
          <h1>{document.title}</h1>
          <p role="alert">{document.failure}</p>
          <Link to={backTo}>Back to App</Link>
        </div>
      ) : (
        <article className="legal__document">
          <Markdown skipHtml>{text.data}</Markdown>
        </article>
      )}
      <nav className="legal__links" aria-label="Related documents">
        <Link to={document.related.to}>{document.related.label}</Link>
        <Link to={paths.support}>Support</Link>
        <Link to={backTo}>Back to App</Link>
      </nav>
    </div>
  );
}

export function PrivacyRoute() {
  return <LegalPage document={documents.privacy} />;
}

export function TermsRoute() {
  return <LegalPage document={documents.terms} />;
}
