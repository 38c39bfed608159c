import type {
  EmptyRequest,
  LoginRequest,
  SessionResponse,
  SuccessResponse,
  TokenVersionRequest,
  TokenVersionResponse,
  UserCreatedEvent,
} from './auth.messages.js';
import type { ProductUser } from './product-user.js';

/** Requests auth-service answers. */
export interface AuthMessages {
  'auth.session.login.v1': { request: LoginRequest; response: SessionResponse };
  'auth.session.logout.v1': { request: EmptyRequest; response: SuccessResponse };
  'auth.user.profile.v1': { request: EmptyRequest; response: ProductUser };
  'auth.user.token-version.v1': { request: TokenVersionRequest; response: TokenVersionResponse };
}

/** Events auth-service publishes. */
export interface AuthEvents {
  'auth.user.created.v1': UserCreatedEvent;
}

export const AuthEventConsumers = {
  'auth.user.created.v1': ['expenses'],
} as const;
