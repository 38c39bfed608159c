import { TextField } from '@/components/form/text-field';
import { Dialog } from '@/components/ui/dialog';
import { useHelpArticles } from '../api/get-help-articles';
import { useHelpCategories } from '../api/get-help-categories';
import { ArticleList, CategoryList } from './help-article-lists';
import { ArticleView } from './help-article-view';
import type { HelpTarget } from './help-center-context';
import { useHelpNavigation } from './use-help-navigation';
import '../help.css';

/**
 * The help centre: categories → articles → article, with search. Back steps
 * back one level; clearing the search returns to the category's articles, or to the
 * categories when no category is set.
 */
export function HelpCenterDialog({
  target,
  onClose,
}: {
  target: HelpTarget | null;
  onClose: () => void;
}) {
  const open = target !== null;
  const { view, search, query, dispatch } = useHelpNavigation(target);

  const searching = query.length > 0;
  const categories = useHelpCategories({ enabled: open });
  const articles = useHelpArticles(
    searching ? { search: query } : { category: view.category ?? undefined },
    { enabled: open && !view.article && (searching || Boolean(view.category)) },
  );
  const category = categories.data?.find((item) => item.key === view.category);

  const openArticle = (key: string) => dispatch({ kind: 'article', key });
  const back = () => dispatch({ kind: 'back' });
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
          <TextField
            label="Search help articles"
            labelHidden
            className="help-center__search"
            type="search"
            placeholder="Search help articles"
            value={search}
            onChange={(event) => dispatch({ kind: 'search', text: event.target.value })}
          />
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
            onOpen={(key) => dispatch({ kind: 'category', key })}
          />
        )}
      </div>
    </Dialog>
  );
}
