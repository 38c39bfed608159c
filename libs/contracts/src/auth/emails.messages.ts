import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import type { AddEmailBody, EmailVerificationLink } from '../core/auth/auth.types.js';

/** Adds a contact address; a verification mail goes out. Marketing is opt-in. */
export class AddEmailRequest implements AddEmailBody {
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(320, { message: 'Please enter a valid email address.' })
  email!: string;

  @IsOptional()
  @IsBoolean()
  opted_in_transactional?: boolean;

  @IsOptional()
  @IsBoolean()
  opted_in_marketing?: boolean;
}

export class EmailIdRequest {
  @IsUUID('all', { message: 'Email not found.' })
  id!: string;
}

/** Preferences of one address (HTTP body). */
export class UpdateEmailRequest {
  @IsOptional()
  @IsBoolean()
  opted_in_transactional?: boolean;

  @IsOptional()
  @IsBoolean()
  opted_in_marketing?: boolean;
}

export class UpdateEmailMessage extends UpdateEmailRequest {
  @IsUUID('all', { message: 'Email not found.' })
  id!: string;
}

/** The token of a verification link (HTTP body). */
export class VerifyEmailRequest {
  @IsString({ message: 'This verification link is invalid or has expired.' })
  @IsNotEmpty({ message: 'This verification link is invalid or has expired.' })
  @MaxLength(128, { message: 'This verification link is invalid or has expired.' })
  token!: string;
}

export class VerifyEmailMessage extends VerifyEmailRequest implements EmailVerificationLink {
  @IsUUID('all', { message: 'This verification link is invalid or has expired.' })
  id!: string;
}
