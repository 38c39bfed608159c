import { IsString, MaxLength } from 'class-validator';

/** A wanted username; auth-service lowercases and judges it. */
export class UsernameRequest {
  @IsString({ message: 'Please enter a username.' })
  @MaxLength(100, { message: 'Username must be at most 30 characters' })
  username!: string;
}

export interface UsernameCheckResponse {
  /** The normalised (lowercased, trimmed) username that was checked. */
  username: string;
  available: boolean;
  errors: string[];
  suggestions: string[];
  /** The receipt address the name would give (`{username}@{MAIL_DOMAIN}`), when available. */
  address: string | null;
}

export interface UsernameAssignResponse {
  username: string;
  snaptrack_email: string;
  email_username_changed_at: string;
}

export interface UsernameHistoryEntry {
  old_username: string | null;
  new_username: string;
  changed_at: string;
  changed_by: string;
}

export interface UsernameHistoryResponse {
  history: UsernameHistoryEntry[];
}
