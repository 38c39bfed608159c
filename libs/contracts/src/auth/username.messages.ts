import { IsString, MaxLength } from 'class-validator';

/** A wanted username; auth-service lowercases and judges it. */
export class UsernameRequest {
  @IsString({ message: 'Please enter a username.' })
  @MaxLength(100, { message: 'Username must be at most 30 characters' })
  username!: string;
}
