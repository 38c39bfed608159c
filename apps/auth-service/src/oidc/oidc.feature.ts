import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { OidcController } from './oidc.controller.js';
import { OidcFlowService } from './oidc-flow.service.js';
import { SocialAccounts } from './social-accounts.js';
import { UniversalSignInService } from './universal.service.js';

/** Signing in with Google and Apple (OpenID Connect), in the browser and from native clients. */
export const oidc: ServiceFeature = {
  controllers: [OidcController],
  providers: [SocialAccounts, OidcFlowService, UniversalSignInService],
};
