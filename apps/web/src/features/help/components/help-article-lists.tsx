import { Spinner } from '@/components/ui/spinner';

/** The help topics as cards with their article counts. */
export function CategoryList({
  loading,
  failed,
  categories,
  onOpen,
}: {
  loading: boolean;
  failed: boolean;
  categories: { key: string; title: string; description: string; article_count: number }[];
  onOpen: (key: string) => void;
}) {
  if (loading) return <Spinner label="Loading help topics" />;
  // Help load failures are only logged by the spec; the reader still gets a sentence.
  if (failed) return <p className="help-center__empty">Help is not available right now.</p>;
  return (
    <ul className="help-center__categories" aria-label="Help topics">
      {categories.map((item) => (
        <li key={item.key}>
          <button type="button" className="help-card" onClick={() => onOpen(item.key)}>
            <span className="help-card__title">{item.title}</span>
            <span className="help-card__text">{item.description}</span>
            <span className="help-card__meta">
              {item.article_count} {item.article_count === 1 ? 'article' : 'articles'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A category's articles or the search results, with loading, failure and empty states. */
export function ArticleList({
  heading,
  description,
  loading,
  failed,
  articles,
  empty,
  onOpen,
}: {
  heading: string;
  description?: string;
  loading: boolean;
  failed: boolean;
  articles: { key: string; title: string; excerpt: string }[];
  empty: string;
  onOpen: (key: string) => void;
}) {
  return (
    <section aria-label={heading}>
      <h3 className="help-center__heading">{heading}</h3>
      {description ? <p className="help-center__lead">{description}</p> : null}
      {loading ? (
        <Spinner label="Loading articles" />
      ) : failed ? (
        <p className="help-center__empty">Help is not available right now.</p>
      ) : articles.length === 0 ? (
        <p className="help-center__empty">{empty}</p>
      ) : (
        <ul className="help-center__articles">
          {articles.map((article) => (
            <li key={article.key}>
              <button type="button" className="help-card" onClick={() => onOpen(article.key)}>
                <span className="help-card__title">{article.title}</span>
                <span className="help-card__text">{article.excerpt}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
