import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'snaptrack:public';

/** Marks a route that needs no bearer token (health, login, public help, webhooks). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const OPTIONAL_AUTH = 'snaptrack:optional-auth';

/**
 * A public route that also serves signed-in callers: a bearer token, when sent, is verified
 * (and refused if bad) and sets the user; without one the call is anonymous.
 */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);
