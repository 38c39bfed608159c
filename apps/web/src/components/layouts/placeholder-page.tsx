import type { ReactNode } from 'react';

type PlaceholderPageProps = {
  title: string;
  description?: string;
  children?: ReactNode;
};

/** Stand-in for a screen that is routed but not built yet. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <section className="placeholder container" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p className="placeholder__text">{description ?? 'This page is on its way.'}</p>
      {children ? <div className="placeholder__actions">{children}</div> : null}
    </section>
  );
}
