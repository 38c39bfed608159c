import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ExpensesPatterns,
  HomeCurrencyInput,
  type HomeCurrencyResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

/** The account's home currency (docs/api.md, Currencies); expenses-service keeps it. */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user/currency')
export class HomeCurrencyController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get()
  get(@Ctx() ctx: MessageContext): Promise<HomeCurrencyResponse> {
    return this.bus.send(ExpensesPatterns.currencyGet, {}, ctx);
  }

  /** Sets it (and the locale); with `only_if_unset`, each only when the account has none yet. */
  @Put()
  set(@Body() body: HomeCurrencyInput, @Ctx() ctx: MessageContext): Promise<HomeCurrencyResponse> {
    return this.bus.send(
      ExpensesPatterns.currencySet,
      { home_currency: body.home_currency, only_if_unset: body.only_if_unset, locale: body.locale },
      ctx,
    );
  }
}
