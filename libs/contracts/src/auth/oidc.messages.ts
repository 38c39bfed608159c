import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
} from 'class-validator';
import { type OidcMode, type OidcProviderId, OidcProviderIds } from '../core/auth/auth.types.js';

/** Display names used in messages ('Continue with Google'). */
export const OidcProviderNames: Record<OidcProviderId, string> = {
  google: 'Google',
  apple: 'Apple',
};

/**
 * Starts an authorization-code flow with PKCE. `browserBinding` is the random value of the
 * cookie the gateway set on this browser: the callback must come back with the same cookie,
 * so nobody can complete a flow in someone else's browser. Link mode needs `ctx.userId`.
 */
export class OidcStartRequest {
  @IsIn(OidcProviderIds)
  provider!: OidcProviderId;

  @IsIn(['signin', 'link'])
  mode!: OidcMode;

  @IsString()
  @Length(32, 128)
  browserBinding!: string;
}

/** The provider's redirect back to us: every query (or form_post) parameter as received. */
export class OidcCallbackRequest {
  @IsIn(OidcProviderIds)
  provider!: OidcProviderId;

  @IsObject()
  params!: Record<string, string>;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  browserBinding?: string;
}

/** Where the gateway sends the browser: the SPA, with a one-time `oidc_result` code. */
export interface OidcCallbackResponse {
  redirectTo: string;
}

/** The SPA trades the one-time code for the outcome (a session, a link, or the error). */
export class OidcResultRequest {
  @IsString()
  @Length(16, 128)
  code!: string;
}

/**
 * The trade on the bus: the gateway adds the binding cookie of the browser that presents the
 * code. A result redeems only in the browser whose cookie came back to the callback, so a code
 * sent to someone else (sign-in CSRF) signs nobody in.
 */
export class OidcResultMessage extends OidcResultRequest {
  @IsOptional()
  @IsString()
  @MaxLength(128)
  browserBinding?: string;
}

/** What the native app read from the provider; only `full_name` is used (the token has the rest). */
export interface UniversalProviderData {
  full_name?: unknown;
  email?: unknown;
}

/**
 * The sign-in call for native clients: a provider id token (`firebase_token` keeps the field
 * name the mobile app sends), verified against the provider's published keys.
 */
export class UniversalSignInRequest {
  @IsString()
  @IsNotEmpty({ message: 'A provider id token is required.' })
  @MaxLength(8192)
  firebase_token!: string;

  @IsIn(['google', 'apple', 'github', 'email'], { message: 'Unsupported sign-in provider.' })
  provider!: 'google' | 'apple' | 'github' | 'email';

  @IsOptional()
  @IsInt()
  version?: number;

  @IsOptional()
  @IsObject()
  provider_data?: UniversalProviderData;
}
