import { parseReceiptAddress } from './receipt-address.js';

const domain = 'snaptrack.localhost';

describe('parseReceiptAddress', () => {
  it('reads the username of a current address, ignoring case and spaces', () => {
    expect(parseReceiptAddress(' Demo@SnapTrack.Localhost ', domain)).toEqual({
      kind: 'username',
      username: 'demo',
    });
  });

  it('reads the subdomain of a legacy address', () => {
    expect(parseReceiptAddress('EXPENSE@Acme.snaptrack.localhost', domain)).toEqual({
      kind: 'legacy',
      subdomain: 'acme',
    });
  });

  it.each([
    'demo@example.com',
    'demo@snaptrack.localhost.evil.com',
    'other@acme.snaptrack.localhost',
    'expense@a.b.snaptrack.localhost',
    'expense@.snaptrack.localhost',
    '@snaptrack.localhost',
    'no-at-sign',
  ])('belongs to nobody: %s', (address) => {
    expect(parseReceiptAddress(address, domain)).toBeNull();
  });
});
