/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { HelpCenterDialog } from './help-center-dialog';

// Help centre against a fake gateway: categories → articles → article and back, search after
// typing stops, empty results, an article that cannot load, and the helpful-or-not form.

const summary = (key: string, title: string) => ({
  id: `id-${key}`,
  key,
  title,
  excerpt: `About ${title}`,
  video_url: null,
  category_key: 'getting-started',
  help_categories: { title: 'Getting started' },
});

let requests: RecordedRequest[];

beforeEach(() => {
  requests = stubApi(({ method, path, query }) => {
    if (path === '/api/help/categories') {
      return {
        body: {
          categories: [
            {
              key: 'getting-started',
              title: 'Getting started',
              description: 'First steps',
              article_count: 1,
            },
          ],
        },
      };
    }
    if (path === '/api/help/content') {
      const search = query.get('search');
      if (search === 'nothing') return { body: { articles: [] } };
      return { body: { articles: [summary('first-upload', 'Your first upload')] } };
    }
    if (path === '/api/help/article/first-upload') {
      return {
        body: {
          article: {
            ...summary('first-upload', 'Your first upload'),
            content: 'Choose an entity, then drop the photo.',
            view_count: 1,
            helpful_count: 0,
            not_helpful_count: 0,
          },
        },
      };
    }
    if (path === '/api/help/article/missing') return apiError(404, 'NOT_FOUND', 'No such article');
    if (method === 'POST' && path === '/api/help/feedback') {
      return { body: { helpful_count: 1, not_helpful_count: 0 } };
    }
    return undefined;
  });
});
afterEach(cleanup);

const renderAt = (target: { category?: string; article?: string }) =>
  renderWithQuery(<HelpCenterDialog target={target} onClose={() => undefined} />);
const back = () => fireEvent.click(screen.getByRole('button', { name: '← Back' }));

describe('HelpCenterDialog', () => {
  it('walks categories → articles → article and steps back one level at a time', async () => {
    renderAt({});
    expect(screen.queryByRole('button', { name: '← Back' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Getting started/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Your first upload/ }));
    expect(await screen.findByText('Choose an entity, then drop the photo.')).toBeTruthy();

    back();
    expect(await screen.findByRole('region', { name: 'Getting started' })).toBeTruthy();
    back();
    expect(await screen.findByRole('list', { name: 'Help topics' })).toBeTruthy();
  });

  it('searches once typing stops and says when nothing matches', async () => {
    renderAt({});
    await screen.findByRole('list', { name: 'Help topics' });
    fireEvent.change(screen.getByLabelText('Search help articles'), {
      target: { value: ' nothing ' },
    });
    expect(await screen.findByText('No articles match your search.')).toBeTruthy();
    const searches = requests.filter((request) => request.query.has('search'));
    expect(searches.map((request) => request.query.get('search'))).toEqual(['nothing']);
  });

  it('says when an article cannot be loaded', async () => {
    renderAt({ article: 'missing' });
    expect(await screen.findByText('This article could not be loaded.')).toBeTruthy();
  });

  it('sends whether the article helped, with the words, and thanks', async () => {
    renderAt({ category: 'getting-started', article: 'first-upload' });
    fireEvent.click(await screen.findByRole('button', { name: 'Not helpful' }));
    fireEvent.change(screen.getByLabelText('What was missing? (optional)'), {
      target: { value: ' A video ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByText('Thanks for your feedback!')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST').map((r) => r.body)).toEqual([
        { article_id: 'id-first-upload', is_helpful: false, feedback_text: 'A video' },
      ]),
    );
  });
});
