import Markdown, { type Components } from 'react-markdown';

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
};

/**
 * Article markdown rendered as React elements. Raw HTML in the source is dropped (skipHtml),
 * and react-markdown's URL filter removes javascript: and other unsafe links.
 */
export function HelpMarkdown({ children }: { children: string }) {
  return (
    <div className="help-markdown">
      <Markdown skipHtml components={components}>
        {children}
      </Markdown>
    </div>
  );
}
