// The processes that make up SnapTrack, in start order. Adding a service: one line here
// (see docs/development.md, "Adding a service").
export const SERVICES = [
  { name: 'auth', dir: 'apps/auth-service' },
  { name: 'expenses', dir: 'apps/expenses-service' },
  // Not in the gateway's readiness: its queue holds minutes of OCR work during a backlog, so a
  // ping would wait behind it; uploads are accepted (and queued) while it is busy or down.
  { name: 'ocr', dir: 'apps/ocr-service', gatewayReadiness: false },
  { name: 'billing', dir: 'apps/billing-service' },
  { name: 'mail-ingest', dir: 'apps/mail-ingest-service' },
  { name: 'help-feedback', dir: 'apps/help-feedback-service' },
  { name: 'export', dir: 'apps/export-service' },
];

export const GATEWAY = { name: 'gateway', dir: 'gateway' };
