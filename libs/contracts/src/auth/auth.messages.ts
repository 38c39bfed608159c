import {
  IsEmail,
  IsInt,
  IsIP,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
} from 'class-validator';
import type { LoginBody } from '../core/auth/auth.types.js';
import {
  ChangePasswordMessages,
  ChangePasswordRules,
  type ChangePasswordBody,
} from '../core/auth/password-change.js';

export const AuthPatterns = {
  login: 'auth.session.login.v1',
  /** Sign out everywhere: raises auth_version. */
  logout: 'auth.session.logout.v1',
  /** Sign Out: ends the caller's session alone. */
  endSession: 'auth.session.end.v1',
  changePassword: 'auth.password.change.v1',
  profile: 'auth.user.profile.v1',
  tokenVersion: 'auth.user.token-version.v1',
  issueSession: 'auth.session.issue.v1',
  signInMethods: 'auth.sign-in-methods.get.v1',
  passwordResetRequest: 'auth.password-reset.request.v1',
  passwordResetVerify: 'auth.password-reset.verify.v1',
  passwordResetConfirm: 'auth.password-reset.confirm.v1',
  passwordSetupIssue: 'auth.password-setup.issue.v1',
  passwordSetupComplete: 'auth.password-setup.complete.v1',
  accountAddress: 'auth.user.address.v1',
  oidcProviders: 'auth.oidc.providers.v1',
  oidcStart: 'auth.oidc.start.v1',
  oidcCallback: 'auth.oidc.callback.v1',
  oidcResult: 'auth.oidc.result.v1',
  universal: 'auth.universal.sign-in.v1',
  emailList: 'auth.email.list.v1',
  emailAdd: 'auth.email.add.v1',
  emailUpdate: 'auth.email.update.v1',
  emailDelete: 'auth.email.delete.v1',
  emailSendVerification: 'auth.email.send-verification.v1',
  emailVerify: 'auth.email.verify.v1',
  usernameCheck: 'auth.username.check.v1',
  usernameAssign: 'auth.username.assign.v1',
  usernameHistory: 'auth.username.history.v1',
  receiptAddressResolve: 'auth.receipt-address.resolve.v1',
} as const;

/** Email and password sign-in. */
export class LoginRequest implements LoginBody {
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320)
  email!: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter both email and password' })
  @MaxLength(1024)
  password!: string;
}

/** Login as sent over the bus: the gateway adds the caller's address for rate limiting. */
export class LoginMessage extends LoginRequest {
  @IsOptional()
  @IsIP()
  clientIp?: string;
}

/** Nothing in the body: the user comes from the message context. */
export class EmptyRequest {}

/** The gateway asks for the current auth_version of a token's user. */
export class TokenVersionRequest {
  @IsUUID()
  userId!: string;

  /** The token's session (`sid`), when it has one: the answer says whether it was ended. */
  @IsOptional()
  @IsUUID()
  sessionId?: string;
}

/** Sign Out: the gateway names the caller's session (the token's `sid`) and when it expires. */
export class EndSessionRequest {
  @IsUUID()
  sessionId!: string;

  /** The token's `exp` (seconds since the epoch): the record is kept until then. */
  @IsInt()
  @Min(0)
  expiresAt!: number;
}

/** Change password while signed in (the new one's strength is judged by auth-service). */
export class ChangePasswordRequest implements ChangePasswordBody {
  @MaxLength(ChangePasswordRules.maxLength, { message: ChangePasswordMessages.tooLong })
  @IsNotEmpty({ message: ChangePasswordMessages.required })
  @IsString({ message: ChangePasswordMessages.required })
  current_password!: string;

  @MaxLength(ChangePasswordRules.maxLength, { message: ChangePasswordMessages.tooLong })
  @IsNotEmpty({ message: ChangePasswordMessages.required })
  @IsString({ message: ChangePasswordMessages.required })
  new_password!: string;
}

/** Billing signs in the mobile app after its paid checkout (never reachable over HTTP). */
export class IssueSessionRequest {
  @IsUUID()
  userId!: string;
}

export interface TokenVersionResponse {
  /** null when the account no longer exists. */
  authVersion: number | null;
  /** The asked-for session was signed out (absent when none was asked for). */
  sessionEnded?: boolean;
}

/** `auth.user.created.v1`: a new account exists; consumers set up their part of it. */
export class UserCreatedEvent {
  @IsUUID()
  userId!: string;

  @IsString()
  @MaxLength(320)
  email!: string;
}
