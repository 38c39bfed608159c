import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ArticleFeedbackRequest,
  GetHelpArticleRequest,
  HelpPatterns,
  ListHelpArticlesRequest,
  type ArticleFeedbackResponse,
  type HelpArticleListResponse,
  type HelpArticleResponse,
  type HelpCategoryListResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { HelpService } from './help.service.js';

/** Help content is public: no handler here needs a user. */
@Controller()
export class HelpController {
  constructor(@Inject(HelpService) private readonly help: HelpService) {}

  @MessagePattern(HelpPatterns.categories)
  async categories(): Promise<HelpCategoryListResponse> {
    return { success: true, categories: await this.help.categories() };
  }

  @MessagePattern(HelpPatterns.articles)
  async articles(
    @Payload('data') request: ListHelpArticlesRequest,
  ): Promise<HelpArticleListResponse> {
    const articles = await this.help.articles(
      request.category || undefined,
      request.search || undefined,
    );
    return { success: true, articles };
  }

  @MessagePattern(HelpPatterns.article)
  async article(@Payload('data') request: GetHelpArticleRequest): Promise<HelpArticleResponse> {
    return { success: true, article: await this.help.read(request.key) };
  }

  /** Signed-in readers' votes keep their user id; visitors' votes have none. */
  @MessagePattern(HelpPatterns.articleFeedback)
  async feedback(
    @Payload('data') request: ArticleFeedbackRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<ArticleFeedbackResponse> {
    return { success: true, ...(await this.help.vote(request, ctx.userId)) };
  }
}
