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

@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @MessagePattern(AuthPatterns.profile)
  profile(@UserId() userId: string): Promise<ProductUser> {
    return this.users.profile(userId);
  }

  @MessagePattern(AuthPatterns.tokenVersion)
  async tokenVersion(@Payload('data') body: TokenVersionRequest): Promise<TokenVersionResponse> {
    return { authVersion: await this.users.authVersion(body.userId) };
  }

  /** Billing attaches a paid checkout only to an account that proved the checkout's address. */
  @MessagePattern(AuthPatterns.accountAddress)
  address(@Payload('data') body: AccountAddressRequest): Promise<AccountAddressResponse> {
    return this.users.address(body.userId);
  }
}
