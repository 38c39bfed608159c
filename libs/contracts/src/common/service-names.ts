/** The services on the bus. A pattern's first segment names the service that owns it. */
export const ServiceNames = [
  'auth',
  'expenses',
  'ocr',
  'export',
  'billing',
  'help-feedback',
  'mail-ingest',
] as const;

export type ServiceName = (typeof ServiceNames)[number];

/** `auth.session.login.v1` belongs to `auth`; `help-feedback.article.get.v1` to `help-feedback`. */
export function ownerOf(pattern: string): ServiceName {
  const owner = pattern.split('.')[0];
  const found = ServiceNames.find((name) => name === owner);
  if (!found) throw new Error(`Pattern ${pattern} names no known service`);
  return found;
}
