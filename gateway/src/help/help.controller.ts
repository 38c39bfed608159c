import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ArticleFeedbackRequest,
  HelpPatterns,
  ListHelpArticlesRequest,
  type ArticleFeedbackResponse,
  type HelpArticleListResponse,
  type HelpArticleResponse,
  type HelpCategoryListResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { OptionalAuth, Public } from '../common/public.decorator.js';
import { ApiError } from '../common/api-error.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/** A malformed article key answers the same 404 as an unknown one. */
const articleKey = {
  transform(value: string): string {
    if (!/^[a-z0-9-]{1,80}$/.test(value)) throw new ApiError('NOT_FOUND', 'Article not found.');
    return value;
  },
};

/**
 * The help centre: public reading (docs/api.md, Help, feedback and the marketing site), votes from
 * visitors or signed-in users.
 */
@ApiTags('help')
@Controller('help')
export class HelpController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Public()
  @Get('categories')
  categories(@Ctx() ctx: MessageContext): Promise<HelpCategoryListResponse> {
    return this.bus.send(HelpPatterns.categories, {}, ctx);
  }

  /** A category's articles, or full-text search hits best first (`search`, optional `category`). */
  @Public()
  @Get('content')
  @ApiQuery({ name: 'category', required: false })
  @ApiQuery({ name: 'search', required: false })
  content(
    @Query() query: ListHelpArticlesRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<HelpArticleListResponse> {
    return this.bus.send(
      HelpPatterns.articles,
      { category: query.category, search: query.search },
      ctx,
    );
  }

  /** One article with its markdown; each read counts a view. */
  @Public()
  @Get('article/:key')
  article(
    @Param('key', articleKey) key: string,
    @Ctx() ctx: MessageContext,
  ): Promise<HelpArticleResponse> {
    return this.bus.send(HelpPatterns.article, { key }, ctx);
  }

  @OptionalAuth()
  @RateLimit('help_vote_ip')
  @Post('feedback')
  @HttpCode(200)
  feedback(
    @Body() body: ArticleFeedbackRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ArticleFeedbackResponse> {
    return this.bus.send(
      HelpPatterns.articleFeedback,
      {
        article_id: body.article_id,
        is_helpful: body.is_helpful,
        feedback_text: body.feedback_text,
      },
      ctx,
    );
  }
}
