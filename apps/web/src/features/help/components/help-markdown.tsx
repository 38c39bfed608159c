import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Links leave the app in a new tab; in-app paths (/privacy) stay in this one.
const components: Components = {
  a: ({ href, children }) => {
    const external = Boolean(href && /^https?:\/\//.test(href));
    return (
      <a
        href={href}
        target={external ? '_blank' : undefined}
        rel={external ? 'noopener noreferrer' : undefined}
      >
        {children}
      </a>
    );
  },
  // A wide table scrolls inside the article on a phone, not the whole dialog.
  table: ({ children }) => (
    <div className="help-markdown__table" tabIndex={0} role="region" aria-label="Table">
      <table>{children}</table>
    </div>
  ),
};

// GitHub's markdown: the articles use its tables.
const plugins = [remarkGfm];

/**
 * Article markdown (GitHub's flavour: tables, strikethrough, task lists) rendered as React
 * elements. Raw HTML in the source is dropped (skipHtml),
 * and react-markdown's URL filter removes javascript: and other unsafe links.
 */
export function HelpMarkdown({ children }: { children: string }) {
  return (
    <div className="help-markdown">
      <Markdown skipHtml remarkPlugins={plugins} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
