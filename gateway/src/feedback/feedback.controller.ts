import { Body, Controller, Get, Inject, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  FeedbackCategoriesRequest,
  FeedbackPatterns,
  FeedbackTypes,
  SubmitFeedbackRequest,
  type FeedbackCategoriesResponse,
  type MessageContext,
  type SubmitFeedbackResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { OptionalAuth, Public } from '../common/public.decorator.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/**
 * The feedback dialog. Signed-in callers send their token (their user id is kept unless they
 * choose anonymous); visitors on the public pages may send feedback too, always anonymous.
 */
@ApiTags('feedback')
@Controller('feedback')
export class FeedbackController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Public()
  @Get('categories')
  @ApiQuery({ name: 'type', enum: FeedbackTypes })
  categories(
    @Query() query: FeedbackCategoriesRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<FeedbackCategoriesResponse> {
    return this.bus.send(FeedbackPatterns.categories, { type: query.type }, ctx);
  }

  @OptionalAuth()
  @RateLimit('feedback_ip')
  @Post()
  submit(
    @Body() body: SubmitFeedbackRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<SubmitFeedbackResponse> {
    return this.bus.send(
      FeedbackPatterns.submit,
      {
        type: body.type,
        category: body.category,
        rating: body.rating,
        subject: body.subject,
        message: body.message,
        anonymous: body.anonymous,
        platform: body.platform ?? 'web',
        context: body.context,
      },
      ctx,
    );
  }
}
