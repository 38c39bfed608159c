import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FeedbackMessages, type SubmitFeedbackRequest } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { isFeedbackCategory } from './feedback-categories.js';

@Injectable()
export class FeedbackService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Stores one submission. Anonymous feedback never keeps the user id, even from a signed-in
   * caller; a visitor's feedback is anonymous whatever the flag says.
   */
  async submit(
    request: SubmitFeedbackRequest,
    userId: string | undefined,
  ): Promise<{ id: string; anonymous: boolean }> {
    if (!isFeedbackCategory(request.type, request.category)) {
      throw new BusError('VALIDATION_FAILED', FeedbackMessages.unknownCategory, {
        fields: ['category'],
      });
    }
    const anonymous = request.anonymous === true || !userId;
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO "help"."feedback" ("id", "user_id", "type", "category", "rating", "subject",
         "message", "anonymous", "platform", "context")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        anonymous ? null : userId,
        request.type,
        request.category,
        request.rating ?? null,
        request.subject || null,
        request.message,
        anonymous,
        request.platform ?? 'web',
        request.context || null,
      ],
    );
    return { id, anonymous };
  }
}
