import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccountAddressRequest,
  AuthPatterns,
  TokenVersionRequest,
  type AccountAddressResponse,
  type ProductUser,
  type TokenVersionResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { UsersService } from './users.service.js';
import { EndedSessions } from '../session/ended-sessions.js';

@Controller()
export class UsersController {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(EndedSessions) private readonly endedSessions: EndedSessions,
  ) {}

  @MessagePattern(AuthPatterns.profile)
  profile(@UserId() userId: string): Promise<ProductUser> {
    return this.users.profile(userId);
  }

  @MessagePattern(AuthPatterns.tokenVersion)
  async tokenVersion(@Payload('data') body: TokenVersionRequest): Promise<TokenVersionResponse> {
    const [authVersion, sessionEnded] = await Promise.all([
      this.users.authVersion(body.userId),
      body.sessionId ? this.endedSessions.isEnded(body.userId, body.sessionId) : undefined,
    ]);
    return sessionEnded === undefined ? { authVersion } : { authVersion, sessionEnded };
  }

  /** Billing attaches a paid checkout only to an account that proved the checkout's address. */
  @MessagePattern(AuthPatterns.accountAddress)
  address(@Payload('data') body: AccountAddressRequest): Promise<AccountAddressResponse> {
    return this.users.address(body.userId);
  }
}
