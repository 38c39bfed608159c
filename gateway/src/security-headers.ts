import type { HelmetOptions } from 'helmet';

/**
 * Headers for the SPA and the API (docs/architecture.md, Deployment); nginx sets the same set in
 * compose.
 */
export const securityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'blob:', 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  // Reset and setup links carry one-time codes in the URL: never leak them in a Referer.
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
};
