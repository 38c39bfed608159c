import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FeedbackCategoriesRequest,
  FeedbackPatterns,
  SubmitFeedbackRequest,
  type FeedbackCategoriesResponse,
  type MessageContext,
  type SubmitFeedbackResponse,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { FEEDBACK_CATEGORIES } from './feedback-categories.js';
import { FeedbackService } from './feedback.service.js';

@Controller()
export class FeedbackController {
  constructor(@Inject(FeedbackService) private readonly feedback: FeedbackService) {}

  @MessagePattern(FeedbackPatterns.categories)
  categories(@Payload('data') request: FeedbackCategoriesRequest): FeedbackCategoriesResponse {
    return { success: true, data: { categories: FEEDBACK_CATEGORIES[request.type] } };
  }

  @MessagePattern(FeedbackPatterns.submit)
  async submit(
    @Payload('data') request: SubmitFeedbackRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<SubmitFeedbackResponse> {
    return { success: true, data: await this.feedback.submit(request, ctx.userId) };
  }
}
