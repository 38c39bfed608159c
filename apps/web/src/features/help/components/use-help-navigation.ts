import { useEffect, useReducer, useState } from 'react';
import type { HelpTarget } from './help-center-context';

const SEARCH_DELAY_MS = 300;

type HelpView = { category: string | null; article: string | null };
type HelpNavigation = { view: HelpView; search: string };

type HelpNavigationAction =
  | { kind: 'open'; target: HelpTarget }
  | { kind: 'search'; text: string }
  | { kind: 'category'; key: string }
  | { kind: 'article'; key: string }
  | { kind: 'back' };

export function helpNavigationReducer(
  state: HelpNavigation,
  action: HelpNavigationAction,
): HelpNavigation {
  switch (action.kind) {
    case 'open':
      return {
        view: { category: action.target.category ?? null, article: action.target.article ?? null },
        search: '',
      };
    case 'search':
      // Typing leaves an open article for the results.
      return { view: { ...state.view, article: null }, search: action.text };
    case 'category':
      return { ...state, view: { category: action.key, article: null } };
    case 'article':
      return { ...state, view: { ...state.view, article: action.key } };
    case 'back':
      // One level: article → its list; category → the categories.
      return {
        ...state,
        view: state.view.article
          ? { ...state.view, article: null }
          : { category: null, article: null },
      };
  }
}

/**
 * Where the help centre is (categories → articles → article) and the search box; `query` is
 * the search as typed 300 ms ago, what the server is asked.
 */
export function useHelpNavigation(target: HelpTarget | null) {
  const [state, dispatch] = useReducer(helpNavigationReducer, {
    view: { category: null, article: null },
    search: '',
  });
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (!target) return;
    dispatch({ kind: 'open', target });
    setQuery('');
  }, [target]);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(state.search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.search]);

  return { ...state, query, dispatch };
}
