import {
  IsEmail,
  IsIP,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import type { PasswordResetConfirmBody, PasswordSetupBody } from '../core/auth/auth.types.js';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export class PasswordResetRequest {
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320, { message: 'Please enter a valid email address.' })
  email!: string;
}

/** The reset request on the bus: the gateway adds the caller's address for rate limiting. */
export class PasswordResetRequestMessage extends PasswordResetRequest {
  @IsOptional()
  @IsIP()
  clientIp?: string;
}

/** The `oobCode` of a reset link. */
export class ActionCodeRequest {
  @IsString({ message: 'Invalid password reset link' })
  @IsNotEmpty({ message: 'Invalid password reset link' })
  @MaxLength(128, { message: 'Invalid password reset link' })
  oobCode!: string;
}

export class ActionCodeMessage extends ActionCodeRequest {
  @IsOptional()
  @IsIP()
  clientIp?: string;
}

/** The new password for a reset link; its strength is judged by auth-service (WEAK_PASSWORD). */
export class PasswordResetConfirmRequest
  extends ActionCodeRequest
  implements PasswordResetConfirmBody
{
  @IsString({ message: 'Please fill in all fields' })
  @IsNotEmpty({ message: 'Please fill in all fields' })
  @MaxLength(1024)
  password!: string;
}

export class PasswordResetConfirmMessage extends PasswordResetConfirmRequest {
  @IsOptional()
  @IsIP()
  clientIp?: string;
}

/**
 * Billing asks for a password-setup link after a paid checkout: the account is created when
 * missing and the link is mailed. The same idempotency key (the checkout session) never mails
 * twice.
 */
export class PasswordSetupIssueRequest {
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  fullName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  idempotencyKey?: string;
}

export interface PasswordSetupIssueResponse {
  userId: string;
  /** The account was created by this idempotency key's first call (also on a replay). */
  created: boolean;
  /**
   * The account existed before this checkout: billing must not sign anyone into it nor attach
   * the payment until its owner signs in (see docs/security.md, "Checkout and account takeover").
   */
  preExisting: boolean;
  /**
   * A new link was issued and mailed to the address (false when the idempotency key was seen
   * before, or when a pre-existing account can already sign in and so gets no link).
   */
  issued: boolean;
}

/** Billing asks which address an account has proven (to attach a paid checkout to it). */
export class AccountAddressRequest {
  @IsUUID()
  userId!: string;
}

export interface AccountAddressResponse {
  email: string;
  /** A mailed link reached the address, or Google/Apple vouched for it. */
  proven: boolean;
}

/** `/setup-password`: the token from the link and the chosen password (8 characters or more). */
export class PasswordSetupRequest implements PasswordSetupBody {
  @IsString({ message: 'Setup token is missing' })
  @IsNotEmpty({ message: 'Setup token is missing' })
  @MaxLength(128, { message: 'Setup token is missing' })
  token!: string;

  @IsString({ message: 'Password must be at least 8 characters long' })
  @IsNotEmpty({ message: 'Password must be at least 8 characters long' })
  @MaxLength(1024)
  password!: string;
}

/** Sign-in methods lookup; without a signed-in caller the answer does not depend on the email. */
export class SignInMethodsRequest {
  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320)
  email?: string;
}
