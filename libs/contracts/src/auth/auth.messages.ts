import { IsEmail, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import type { ProductUser } from './product-user.js';

export const AuthPatterns = {
  login: 'auth.session.login.v1',
  logout: 'auth.session.logout.v1',
  profile: 'auth.user.profile.v1',
  tokenVersion: 'auth.user.token-version.v1',
} as const;

/** Email and password sign-in. */
export class LoginRequest {
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320)
  email!: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter both email and password' })
  @MaxLength(1024)
  password!: string;
}

export interface SessionResponse {
  token: string;
  user: ProductUser;
}

/** Nothing in the body: the user comes from the message context. */
export class EmptyRequest {}

export interface SuccessResponse {
  success: true;
}

/** The gateway asks for the current auth_version of a token's user. */
export class TokenVersionRequest {
  @IsUUID()
  userId!: string;
}

export interface TokenVersionResponse {
  /** null when the account no longer exists. */
  authVersion: number | null;
}

/** `auth.user.created.v1`: a new account exists; consumers set up their part of it. */
export class UserCreatedEvent {
  @IsUUID()
  userId!: string;

  @IsString()
  @MaxLength(320)
  email!: string;
}
