import { describe, expect, it } from '@jest/globals';
import { shopOfSender } from './mail-sender.js';

describe('shopOfSender', () => {
  it.each([
    ['Linen & Co <orders@linenco.example>', 'Linen & Co'],
    ['"Blue Bottle Coffee" <receipts@bluebottle.example>', 'Blue Bottle Coffee'],
    ['Uber Receipts <noreply@uber.example>', 'Uber'],
    ['Harbor Cafe via Square <receipts+8812@messaging.square.example>', 'Harbor Cafe'],
    ['Bäckerei Jansen <info@baeckerei-jansen.example>', 'Bäckerei Jansen'],
    ['=HYPERLINK Shop <orders@shop.example>', 'HYPERLINK Shop'],
  ])('reads the shop of %j', (from, shop) => {
    expect(shopOfSender(from)).toBe(shop);
  });

  it("takes no shop from a person's address, a bare address or a payment service", () => {
    // The user mailing their own note: a person's mailbox, whatever its name.
    expect(shopOfSender('Alex Morgan <alex.morgan@gmail.example>')).toBeNull();
    expect(shopOfSender('<receipts@shop.example>')).toBeNull();
    expect(shopOfSender('receipts@shop.example')).toBeNull();
    expect(shopOfSender('"receipts@shop.example" <receipts@shop.example>')).toBeNull();
    expect(shopOfSender('PayPal <service@paypal.example>')).toBeNull();
    expect(shopOfSender(null)).toBeNull();
  });
});
