import {
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

export type EmailType = 'primary' | 'contact' | 'additional';

/**
 * A user's email record (docs/api.md, Accounts), with its id for the preference, delete and verify
 * calls.
 */
export interface UserEmailRecord {
  id: string;
  email: string;
  email_type: EmailType;
  is_verified: boolean;
  opted_in_transactional: boolean;
  opted_in_marketing: boolean;
  created_at: string;
  verified_at: string | null;
}

export interface EmailListResponse {
  emails: UserEmailRecord[];
}

export interface EmailResponse {
  email: UserEmailRecord;
}

/** Adds a contact address; a verification mail goes out. Marketing is opt-in. */
export class AddEmailRequest {
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

export class VerifyEmailMessage extends VerifyEmailRequest {
  @IsUUID('all', { message: 'This verification link is invalid or has expired.' })
  id!: string;
}
