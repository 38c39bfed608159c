import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useHelpArticle } from '../api/get-help-article';
import { useHelpArticles } from '../api/get-help-articles';
import { useHelpCategories } from '../api/get-help-categories';
import { ArticleFeedbackForm } from './article-feedback-form';
import type { HelpTarget } from './help-center-context';
import { HelpMarkdown } from './help-markdown';
import '../help.css';

type View = { category: string | null; article: string | null };
const SEARCH_DELAY_MS = 300;

/**
 * The help centre (docs/api.md, Help, feedback and the marketing site): categories → articles →
 * article, with search. Back steps back one level; clearing the search returns to the category's
 * articles, or to the categories when no category is set.
 */
export function HelpCenterDialog({
  target,
  onClose,
}: {
  target: HelpTarget | null;
  onClose: () => void;
}) {
  const open = target !== null;
  const [view, setView] = useState<View>({ category: null, article: null });
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (!target) return;
    setView({ category: target.category ?? null, article: target.article ?? null });
    setSearch('');
    setQuery('');
  }, [target]);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const searching = query.length > 0;
  const categories = useHelpCategories({ enabled: open });
  const articles = useHelpArticles(
    searching ? { search: query } : { category: view.category ?? undefined },
    { enabled: open && !view.article && (searching || Boolean(view.category)) },
  );
  const category = categories.data?.find((item) => item.key === view.category);

  const openArticle = (key: string) => setView((current) => ({ ...current, article: key }));
  const back = () =>
    setView((current) =>
      current.article ? { ...current, article: null } : { category: null, article: null },
    );
  const canGoBack = Boolean(view.article || view.category);

  return (
    <Dialog open={open} onClose={onClose} title="Help Center" size="lg" closeLabel="Close help">
      <div className="help-center">
        <div className="help-center__toolbar">
          {canGoBack ? (
            <button type="button" className="link-button help-center__back" onClick={back}>
              ← Back
            </button>
          ) : null}
          <label className="help-center__search">
            <span className="sr-only">Search help articles</span>
            <input
              type="search"
              className="input"
              placeholder="Search help articles"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                if (view.article) setView((current) => ({ ...current, article: null }));
              }}
            />
          </label>
        </div>
        {view.article ? (
          <ArticleView articleKey={view.article} />
        ) : searching ? (
          <ArticleList
            heading={`Results for “${query}”`}
            loading={articles.isPending}
            failed={articles.isError}
            articles={articles.data ?? []}
            empty="No articles match your search."
            onOpen={openArticle}
          />
        ) : view.category ? (
          <ArticleList
            heading={category?.title ?? 'Articles'}
            description={category?.description}
            loading={articles.isPending}
            failed={articles.isError}
            articles={articles.data ?? []}
            empty="No articles in this category yet."
            onOpen={openArticle}
          />
        ) : (
          <CategoryList
            loading={categories.isPending}
            failed={categories.isError}
            categories={categories.data ?? []}
            onOpen={(key) => setView({ category: key, article: null })}
          />
        )}
      </div>
    </Dialog>
  );
}

function CategoryList({
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
  // A help load failure is logged; the reader still gets a sentence rather than a blank panel.
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

function ArticleList({
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

function ArticleView({ articleKey }: { articleKey: string }) {
  const article = useHelpArticle(articleKey);
  if (article.isPending) return <Spinner label="Loading article" />;
  if (article.isError || !article.data) {
    return <p className="help-center__empty">This article could not be loaded.</p>;
  }
  const data = article.data;
  return (
    <article className="help-article" aria-labelledby="help-article-title">
      <p className="help-article__category">{data.help_categories.title}</p>
      <h3 id="help-article-title" className="help-article__title">
        {data.title}
      </h3>
      {data.video_url ? (
        <a
          className="help-article__video"
          href={data.video_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          ▶ Watch the video
        </a>
      ) : null}
      <HelpMarkdown>{data.content}</HelpMarkdown>
      <ArticleFeedbackForm key={data.id} articleId={data.id} />
    </article>
  );
}
