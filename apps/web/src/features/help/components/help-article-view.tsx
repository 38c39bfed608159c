import { Spinner } from '@/components/ui/spinner';
import { useHelpArticle } from '../api/get-help-article';
import { ArticleFeedbackForm } from './article-feedback-form';
import { HelpMarkdown } from './help-markdown';

/** One article: its category, title, video link, text and the helpful-or-not form. */
export function ArticleView({ articleKey }: { articleKey: string }) {
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
