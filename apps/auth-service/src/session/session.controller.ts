import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  LoginRequest,
  type SessionResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { SessionService } from './session.service.js';

@Controller()
export class SessionController {
  constructor(@Inject(SessionService) private readonly sessions: SessionService) {}

  @MessagePattern(AuthPatterns.login)
  login(@Payload('data') body: LoginRequest): Promise<SessionResponse> {
    return this.sessions.login(body.email, body.password);
  }

  @MessagePattern(AuthPatterns.logout)
  async logout(@UserId() userId: string): Promise<SuccessResponse> {
    await this.sessions.logout(userId);
    return { success: true };
  }
}
