import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthPatterns, type MessageContext, type ProfileResponse } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class UserController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /**
   * The profile call (docs/api.md, Accounts): the user plus the receipt-address fields the screens
   * read.
   */
  @Get('profile')
  async profile(@Ctx() ctx: MessageContext): Promise<ProfileResponse> {
    const profile = await this.bus.send(AuthPatterns.profile, {}, ctx);
    return {
      success: true,
      profile,
      email_username: profile.email_username,
      personal_subdomain: profile.personal_subdomain,
      subdomain: profile.personal_subdomain,
      email_identifier: profile.email_username ?? profile.personal_subdomain,
      email_username_changed_at: profile.email_username_changed_at,
      snaptrack_emails: profile.snaptrack_email ? [profile.snaptrack_email] : [],
    };
  }
}
