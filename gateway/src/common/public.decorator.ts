import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'snaptrack:public';

/** Marks a route that needs no bearer token (health, login, public help, webhooks). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
