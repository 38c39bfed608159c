import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from './api-error.js';
import { IS_PUBLIC, OPTIONAL_AUTH } from './public.decorator.js';
import { TokenVerifier } from './token-verifier.js';
import type { GatewayRequest } from './authenticated-request.js';

/** Global: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const header = request.header('authorization');
    if (isPublic || (optional && !header)) return true;
    const [scheme, token] = (header ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError('UNAUTHENTICATED', 'No authenticated user');
    }
    request.user = await this.verifier.verify(token);
    return true;
  }
}
