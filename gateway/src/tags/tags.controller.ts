import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ExpensesPatterns,
  SearchTagsRequest,
  type MessageContext,
  type TagCatalogResponse,
  type TagListResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

@ApiTags('tags')
@ApiBearerAuth()
@Controller('tags')
export class TagsController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** The catalogue, and every tag on the user's expenses with its expense count. */
  @Get()
  list(@Ctx() ctx: MessageContext): Promise<TagCatalogResponse> {
    return this.bus.send(ExpensesPatterns.tagsList, {}, ctx);
  }

  /** Without `q`: the user's most used tags. With `q`: tags containing it, prefixes first. */
  @Get('search')
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 50' })
  search(@Query() query: SearchTagsRequest, @Ctx() ctx: MessageContext): Promise<TagListResponse> {
    return this.bus.send(ExpensesPatterns.tagsSearch, { q: query.q, limit: query.limit }, ctx);
  }
}
