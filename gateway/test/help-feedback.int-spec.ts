import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { api, createTestAccount, sql, type TestAccount } from '@snaptrack/testing';

let user: TestAccount;

beforeAll(async () => {
  user = await createTestAccount('help');
});

describe('help centre (public)', () => {
  it('lists the categories of content/help in order with their article counts', async () => {
    const { status, body } = await api('/api/help/categories');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const keys = body.categories.map((category: { key: string }) => category.key);
    expect(keys[0]).toBe('getting-started');
    expect(keys).toEqual(expect.arrayContaining(['receipts', 'email-forwarding', 'exports']));
    const gettingStarted = body.categories[0];
    expect(gettingStarted).toEqual({
      key: 'getting-started',
      title: 'Getting started',
      description: expect.any(String),
      article_count: 6,
    });
  });

  it("lists a category's articles in reading order without their bodies", async () => {
    const { status, body } = await api('/api/help/content?category=getting-started');
    expect(status).toBe(200);
    expect(body.articles.map((a: { key: string }) => a.key)).toContain('first-receipt');
    expect(body.articles[0]).not.toHaveProperty('content');
    expect(body.articles[0].help_categories).toEqual({ title: 'Getting started' });
  });

  it('searches with ranking: title matches first, prefixes while typing', async () => {
    const forwarding = await api('/api/help/content?search=forward%20receipts');
    expect(forwarding.status).toBe(200);
    expect(forwarding.body.articles[0].key).toBe('forward-receipts');

    const typing = await api('/api/help/content?search=quickb');
    expect(typing.body.articles.map((a: { key: string }) => a.key)).toContain('export-quickbooks');

    const inCategory = await api('/api/help/content?search=receipt&category=exports');
    for (const article of inCategory.body.articles) expect(article.category_key).toBe('exports');

    const none = await api('/api/help/content?search=zzyzxqq');
    expect(none.body.articles).toEqual([]);
    const syntax = await api(`/api/help/content?search=${encodeURIComponent("')|(&!:*")}`);
    expect(syntax.status).toBe(200);
    expect(syntax.body.articles).toEqual([]);
  });

  it('opens an article with its markdown and counts each view', async () => {
    const first = await api('/api/help/article/first-receipt');
    expect(first.status).toBe(200);
    expect(first.body.article).toMatchObject({
      key: 'first-receipt',
      title: 'Add your first receipt',
      video_url: null,
      help_categories: { title: 'Getting started' },
    });
    expect(first.body.article.content).toContain('## Upload the receipt');
    const second = await api('/api/help/article/first-receipt');
    expect(second.body.article.view_count).toBe(first.body.article.view_count + 1);
  });

  it('answers 404 for an unknown or malformed article key', async () => {
    for (const key of ['no-such-article', 'Bad%20Key']) {
      const { status, body } = await api(`/api/help/article/${key}`);
      expect(status).toBe(404);
      expect(body.error.message).toBe('Article not found.');
    }
  });

  it('records helpful and not helpful votes, from visitors and signed-in readers', async () => {
    const article = (await api('/api/help/article/email-formats')).body.article;
    const visitor = await api('/api/help/feedback', {
      body: { article_id: article.id, is_helpful: true },
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      success: true,
      helpful_count: article.helpful_count + 1,
      not_helpful_count: article.not_helpful_count,
    });
    const reader = await api('/api/help/feedback', {
      token: user.token,
      body: { article_id: article.id, is_helpful: false, feedback_text: '  Needs Outlook steps ' },
    });
    expect(reader.body.not_helpful_count).toBe(article.not_helpful_count + 1);
    const rows = await sql(
      `SELECT "user_id", "feedback_text" FROM "help"."article_feedback"
        WHERE "article_id" = $1 ORDER BY "created_at"`,
      [article.id],
    );
    expect(rows.at(-1)).toEqual({ user_id: user.id, feedback_text: 'Needs Outlook steps' });
  });

  it('refuses votes on unknown articles and malformed votes without writing', async () => {
    const unknown = await api('/api/help/feedback', {
      body: { article_id: '00000000-0000-4000-8000-000000000000', is_helpful: true },
    });
    expect(unknown.status).toBe(404);
    const malformed = await api('/api/help/feedback', {
      body: { article_id: 'x', is_helpful: 'yes' },
    });
    expect(malformed.status).toBe(400);
  });
});

describe('feedback', () => {
  const valid = {
    type: 'general_rating',
    category: 'overall',
    rating: 4,
    subject: 'Nice',
    message: 'The receipt reading is quick.',
    anonymous: false,
    platform: 'web',
    context: 'Footer link - General feedback',
  };

  it('lists categories per type', async () => {
    for (const type of ['general_rating', 'problem_report', 'feature_request']) {
      const { status, body } = await api(`/api/feedback/categories?type=${type}`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.categories.length).toBeGreaterThan(2);
      expect(body.data.categories[0]).toEqual(
        expect.objectContaining({ value: expect.any(String), label: expect.any(String) }),
      );
    }
    const bad = await api('/api/feedback/categories?type=praise');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Feedback type is required');
  });

  it('stores signed-in feedback with the user id, platform web and context', async () => {
    const { status, body } = await api('/api/feedback', { token: user.token, body: valid });
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, data: { id: expect.any(String), anonymous: false } });
    const [row] = await sql(`SELECT * FROM "help"."feedback" WHERE "id" = $1`, [body.data.id]);
    expect(row).toMatchObject({
      user_id: user.id,
      type: 'general_rating',
      category: 'overall',
      rating: 4,
      subject: 'Nice',
      message: 'The receipt reading is quick.',
      platform: 'web',
      context: 'Footer link - General feedback',
    });
  });

  it('never stores the user id of anonymous feedback, nor of a visitor', async () => {
    const anonymous = await api('/api/feedback', {
      token: user.token,
      body: { ...valid, type: 'problem_report', category: 'upload', rating: null, anonymous: true },
    });
    expect(anonymous.status).toBe(201);
    const visitor = await api('/api/feedback', {
      body: { ...valid, type: 'feature_request', category: 'mobile', rating: null },
    });
    expect(visitor.body.data.anonymous).toBe(true);
    const rows = await sql(
      `SELECT "user_id", "anonymous" FROM "help"."feedback" WHERE "id" = ANY($1)`,
      [[anonymous.body.data.id, visitor.body.data.id]],
    );
    expect(rows).toEqual([
      { user_id: null, anonymous: true },
      { user_id: null, anonymous: true },
    ]);
  });

  it('refuses bad feedback with the dialog messages and writes nothing', async () => {
    const before = await sql<{ n: string }>(`SELECT count(*) AS n FROM "help"."feedback"`);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: undefined }, 'Feedback type is required'],
      [{ type: '' }, 'Feedback type is required'],
      [{ category: '' }, 'Category is required'],
      [{ category: undefined }, 'Category is required'],
      [{ category: 'mobile' }, 'Please choose a category from the list'],
      [{ message: '' }, 'Message is required'],
      [{ message: '   ' }, 'Message is required'],
      [{ message: 'too short' }, 'Message must be at least 10 characters'],
      [{ message: 'x'.repeat(2001) }, 'Message must be less than 2000 characters'],
      [{ rating: null }, 'Rating is required for general feedback'],
      [{ rating: undefined }, 'Rating is required for general feedback'],
      [{ rating: 6 }, 'Rating must be between 1 and 5'],
      [{ rating: 0 }, 'Rating must be between 1 and 5'],
      [{ rating: 2.5 }, 'Rating must be between 1 and 5'],
      [
        { type: 'feature_request', category: 'mobile', rating: 9 },
        'Rating must be between 1 and 5',
      ],
      [{ subject: 's'.repeat(101) }, 'Subject must be at most 100 characters'],
    ];
    for (const [change, message] of cases) {
      const { status, body } = await api('/api/feedback', {
        token: user.token,
        body: { ...valid, ...change },
      });
      expect({ change, status, message: body.error?.message }).toEqual({
        change,
        status: 400,
        message,
      });
    }
    const exact = await api('/api/feedback', {
      token: user.token,
      body: { ...valid, message: 'x'.repeat(2000), subject: 's'.repeat(100) },
    });
    expect(exact.status).toBe(201);
    const after = await sql<{ n: string }>(`SELECT count(*) AS n FROM "help"."feedback"`);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);
  });
});

describe('versions and release notes (public)', () => {
  it('gives the latest version of content/changelog.md', async () => {
    const changelog = await readFile('content/changelog.md', 'utf8');
    const latest = /^## (\S+) - (\S+)$/m.exec(changelog);
    const { status, body } = await api('/api/app/version?platform=web');
    expect(status).toBe(200);
    expect(body).toEqual({
      version: latest?.[1],
      buildNumber: expect.any(String),
      releaseDate: latest?.[2],
      releaseNotesUrl: `/api/app/release-notes/${latest?.[1]}`,
      isLatest: true,
      platform: 'web',
      hasReleaseNotes: true,
      fallback: false,
    });
    const older = await api('/api/app/version?platform=web&version=0.1.0');
    expect(older.body.isLatest).toBe(false);
  });

  it('checks for updates', async () => {
    const current = (await api('/api/app/version')).body.version;
    const old = await api('/api/app/check-update?version=0.1.0&platform=web');
    expect(old.body).toMatchObject({ updateAvailable: true, currentVersion: current });
    const same = await api(`/api/app/check-update?version=${current}&platform=web`);
    expect(same.body.updateAvailable).toBe(false);
    const bad = await api('/api/app/check-update?version=latest');
    expect(bad.status).toBe(400);
  });

  it('serves release notes with highlights, body, type and date', async () => {
    const info = (await api('/api/app/version?platform=web')).body;
    const { status, body } = await api(`${info.releaseNotesUrl}?platform=web`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      version: info.version,
      contentType: 'markdown',
      releaseType: expect.stringMatching(/^(major|minor|patch)$/),
      releaseDate: info.releaseDate,
    });
    expect(body.highlights.length).toBeGreaterThan(0);
    expect(body.content.length).toBeGreaterThan(50);
    const missing = await api('/api/app/release-notes/9.9.9');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No release notes available for this version.');
  });
});
