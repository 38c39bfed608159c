import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpensesPatterns,
  HomeCurrencyInput,
  type HomeCurrencyResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { HomeCurrencyService } from './home-currency.service.js';

@Controller()
export class HomeCurrencyController {
  constructor(@Inject(HomeCurrencyService) private readonly homeCurrency: HomeCurrencyService) {}

  @MessagePattern(ExpensesPatterns.currencyGet)
  async get(@UserId() userId: string): Promise<HomeCurrencyResponse> {
    return { success: true, ...(await this.homeCurrency.get(userId)) };
  }

  @MessagePattern(ExpensesPatterns.currencySet)
  set(
    @UserId() userId: string,
    @Payload('data') body: HomeCurrencyInput,
  ): Promise<HomeCurrencyResponse> {
    return this.homeCurrency.set(userId, body);
  }
}
