import { describe, expect, it } from '@jest/globals';
import { shopNamedInPhrase } from './shop-phrase.js';
import { toTextLines } from './text-lines.js';

const named = (text: string) => shopNamedInPhrase(toTextLines(text))?.name ?? null;

describe('shopNamedInPhrase', () => {
  it.each([
    ['Hi there,\nHere is your receipt from Blue Bottle Coffee.', 'Blue Bottle Coffee'],
    ["Thank you for dining at Joe's Pizza!", "Joe's Pizza"],
    ["Here's your receipt for Burger Palace.", 'Burger Palace'],
    ['THANK YOU FOR SHOPPING AT CORNER MARKET', 'CORNER MARKET'],
    ['Welcome to Harbour Books, store 12', 'Harbour Books'],
    ['Vielen Dank für Ihren Einkauf bei Elektro Müller', 'Elektro Müller'],
    ['Merci de votre visite chez Boulangerie Paul !', 'Boulangerie Paul'],
    ['Gracias por su compra en Librería Luna', 'Librería Luna'],
    ['Bedankt voor uw aankoop bij Bakkerij Jansen', 'Bakkerij Jansen'],
    ['Your receipt from Harbor Cafe #88', 'Harbor Cafe'],
    ['Thanks for riding with Lyft', 'Lyft'],
    ['Your order from Harbor Cafe - Order 88', 'Harbor Cafe'],
  ])('reads the shop of %j', (text, shop) => {
    expect(named(text)).toBe(shop);
  });

  it('takes no shop from phrases that name none', () => {
    expect(named('THANK YOU FOR SHOPPING WITH US')).toBeNull();
    expect(named('Welcome to our store')).toBeNull();
    expect(named('Thank you for your order!')).toBeNull();
    expect(named("Here's your receipt for your ride")).toBeNull();
    expect(named('Receipt for Order #1042')).toBeNull();
    expect(named('Receipt for Subscription renewal')).toBeNull();
    expect(named('Thank you for your purchase. Please come again')).toBeNull();
  });

  it('says on which line it read the shop', () => {
    expect(shopNamedInPhrase(toTextLines('Hi Max,\nThanks for visiting Lido Cafe'))?.line).toBe(1);
  });
});
