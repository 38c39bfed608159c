import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  ReceiptAddressRequest,
  UsernameRequest,
  type ReceiptAddressResponse,
  type UsernameAssignResponse,
  type UsernameCheckResponse,
  type UsernameHistoryResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { UsernameService } from './username.service.js';

@Controller()
export class UsernameController {
  constructor(@Inject(UsernameService) private readonly usernames: UsernameService) {}

  @MessagePattern(AuthPatterns.usernameCheck)
  check(
    @UserId() userId: string,
    @Payload('data') body: UsernameRequest,
  ): Promise<UsernameCheckResponse> {
    return this.usernames.check(userId, body.username);
  }

  @MessagePattern(AuthPatterns.usernameAssign)
  assign(
    @UserId() userId: string,
    @Payload('data') body: UsernameRequest,
  ): Promise<UsernameAssignResponse> {
    return this.usernames.assign(userId, body.username);
  }

  @MessagePattern(AuthPatterns.usernameHistory)
  async history(@UserId() userId: string): Promise<UsernameHistoryResponse> {
    return { history: await this.usernames.history(userId) };
  }

  /** Asked by mail-ingest at RCPT time; no user in the context (it is the server asking). */
  @MessagePattern(AuthPatterns.receiptAddressResolve)
  resolveReceiptAddress(
    @Payload('data') body: ReceiptAddressRequest,
  ): Promise<ReceiptAddressResponse> {
    return this.usernames.resolveReceiptAddress(body.address);
  }
}
