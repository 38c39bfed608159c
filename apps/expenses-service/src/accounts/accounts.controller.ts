import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  AuthEventPatterns,
  UserCreatedEvent,
  type EventPattern as BusEvent,
  type MessageContext,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { AccountsService } from './accounts.service.js';

const userCreated: BusEvent = AuthEventPatterns.userCreated;

@Controller()
export class AccountsController {
  constructor(@Inject(AccountsService) private readonly accounts: AccountsService) {}

  @EventPattern(userCreated)
  async userCreated(
    @Payload('data') body: UserCreatedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    const { messageId } = ctx as MessageContext;
    await this.accounts.onUserCreated(body.userId, messageId, userCreated);
  }
}
