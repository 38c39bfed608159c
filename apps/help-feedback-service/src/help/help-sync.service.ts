import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { type HelpFeedbackConfig } from '../config/env.js';
import { loadHelpContent, type HelpContent } from './help-content.loader.js';
import { HELP_FEEDBACK_CONFIG } from '../tokens.js';

/**
 * Loads content/help into the database on start. Articles keep their id and counters across
 * restarts (matched by key); an article whose file is gone is unpublished, not deleted, so
 * its feedback stays. Replicas starting together take turns on an advisory lock.
 */
@Injectable()
export class HelpSyncService implements OnApplicationBootstrap {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(HELP_FEEDBACK_CONFIG) private readonly config: HelpFeedbackConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const content = await loadHelpContent(this.config.HELP_CONTENT_DIR);
    await this.sync(content);
    this.logger.info(
      { categories: content.categories.length, articles: content.articles.length },
      'help content loaded',
    );
  }

  async sync(content: HelpContent): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('help:content-sync'))`);
      for (const category of content.categories) {
        await tx.query(
          `INSERT INTO "help"."categories" ("key", "title", "description", "position")
           VALUES ($1, $2, $3, $4)
           ON CONFLICT ("key") DO UPDATE SET "title" = EXCLUDED."title",
             "description" = EXCLUDED."description", "position" = EXCLUDED."position"`,
          [category.key, category.title, category.description, category.position],
        );
      }
      for (const article of content.articles) {
        await tx.query(
          `INSERT INTO "help"."articles"
             ("id", "key", "category_key", "title", "excerpt", "content", "video_url", "position")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT ("key") DO UPDATE SET "category_key" = EXCLUDED."category_key",
             "title" = EXCLUDED."title", "excerpt" = EXCLUDED."excerpt",
             "content" = EXCLUDED."content", "video_url" = EXCLUDED."video_url",
             "position" = EXCLUDED."position", "published" = true, "updated_at" = now()`,
          [
            randomUUID(),
            article.key,
            article.category,
            article.title,
            article.excerpt,
            article.content,
            article.videoUrl,
            article.position,
          ],
        );
      }
      await tx.query(
        `UPDATE "help"."articles" SET "published" = false WHERE NOT ("key" = ANY($1::text[]))`,
        [content.articles.map((article) => article.key)],
      );
    });
  }
}
