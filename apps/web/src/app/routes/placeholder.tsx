import { useMatches } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** Route `handle` of a placeholder route: the page's title and a line about it. */
export type PlaceholderHandle = { title: string; description?: string };

function isPlaceholderHandle(value: unknown): value is PlaceholderHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PlaceholderHandle).title === 'string'
  );
}

/** One lazy module for every routed-but-unbuilt screen; the title comes from the route. */
export function PlaceholderRoute() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isPlaceholderHandle);
  return (
    <PlaceholderPage title={handle?.title ?? 'Coming soon'} description={handle?.description} />
  );
}
