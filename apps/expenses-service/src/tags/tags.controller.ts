import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpensesPatterns,
  SearchTagsRequest,
  type TagCatalogResponse,
  type TagListResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { TagsService } from './tags.service.js';

@Controller()
export class TagsController {
  constructor(@Inject(TagsService) private readonly tags: TagsService) {}

  @MessagePattern(ExpensesPatterns.tagsList)
  async list(@UserId() userId: string): Promise<TagCatalogResponse> {
    const [tags, onExpenses] = await Promise.all([
      this.tags.list(userId),
      this.tags.onExpenses(userId),
    ]);
    return { success: true, tags, onExpenses };
  }

  /** Without `q`: the popular tags (limit 5). With `q`: a search (limit 8). */
  @MessagePattern(ExpensesPatterns.tagsSearch)
  async search(
    @UserId() userId: string,
    @Payload('data') body: SearchTagsRequest,
  ): Promise<TagListResponse> {
    const q = body.q?.trim();
    const tags = q
      ? await this.tags.search(userId, q, body.limit)
      : await this.tags.popular(userId, body.limit);
    return { success: true, tags };
  }
}
