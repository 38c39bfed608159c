import { isListedSender, normalizeSender, senderAddress } from './sender-rules.js';

describe('normalizeSender', () => {
  it('keeps addresses and domains, lower-case and trimmed', () => {
    expect(normalizeSender('  Shop@Example.COM ')).toBe('shop@example.com');
    expect(normalizeSender('receipts.example.co.uk')).toBe('receipts.example.co.uk');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'shop', '@example.com', 'a@b', 'a b@example.com', 'example', '*.com']) {
      expect(normalizeSender(bad)).toBeNull();
    }
  });
});

describe('senderAddress', () => {
  it('reads the address of a From header or a bare address', () => {
    expect(senderAddress('Shop <Shop@Example.com>')).toBe('shop@example.com');
    expect(senderAddress('shop@example.com')).toBe('shop@example.com');
    expect(senderAddress('Just a name')).toBeNull();
    expect(senderAddress(null)).toBeNull();
  });
});

describe('isListedSender', () => {
  const listed = ['me@mail.example', 'shop.example'];

  it('matches a listed address, a listed domain and its subdomains', () => {
    expect(isListedSender(listed, 'me@mail.example')).toBe(true);
    expect(isListedSender(listed, 'orders@shop.example')).toBe(true);
    expect(isListedSender(listed, 'orders@eu.shop.example')).toBe(true);
  });

  it('matches nothing else', () => {
    expect(isListedSender(listed, 'other@mail.example')).toBe(false);
    expect(isListedSender(listed, 'orders@badshop.example')).toBe(false);
    expect(isListedSender(listed, null)).toBe(false);
  });
});
