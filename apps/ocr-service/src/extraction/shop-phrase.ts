import type { TextLine } from './text-lines.js';

/**
 * Phrases that name the shop in a sentence, as e-mailed receipts write it and printed ones close
 * ("Here's your receipt from Blue Bottle Coffee.", "Thank you for dining at Joe's Pizza!",
 * "Vielen Dank für Ihren Einkauf bei Elektro Müller"). The name follows the phrase.
 */
const SHOP_PHRASE = new RegExp(
  [
    String.raw`\bthanks?(?: you)? for (?:shopping|dining|eating|visiting|staying|ordering|choosing|riding|flying|travell?ing|your (?:order|purchase|visit))(?: (?:at|with|from|in|to))?`,
    String.raw`\breceipt (?:from|for)`,
    String.raw`\byour (?:order|purchase|visit) (?:from|at|with)`,
    String.raw`\bwelcome to`,
    String.raw`\b(?:einkauf|besuch|bestellung) bei`,
    String.raw`\bmerci (?:de votre visite|pour votre (?:achat|visite|commande)|d'avoir choisi)(?: (?:chez|à))?`,
    String.raw`\bbienvenue chez`,
    String.raw`\bgracias por (?:su compra|su visita|comprar|elegir)(?: en)?`,
    String.raw`\bbedankt voor (?:uw|je) (?:aankoop|bezoek|bestelling) bij`,
  ].join('|'),
  'iu',
);

/**
 * The name after the phrase: a capital or digit first, up to the sentence's end or an order
 * number ("Harbor Cafe #88", "Harbor Cafe - Order 88").
 */
const NAME_AFTER = /^\s+([\p{Lu}\d][^!.,;:?()#|]{1,40}?)\s*(?:[!.,;:?(#|]|\s[-–]\s|$)/u;

/** Words that follow such a phrase without naming a shop ("Receipt for Your Ride", "Order #12"). */
const NO_SHOP =
  /^(US|OUR|YOU|YOUR|THE STORE|THIS|ORDER|PURCHASE|PAYMENT|RIDE|TRIP|BOOKING|INVOICE|ITEMS?|SUBSCRIPTION|DONATION|SERVICES?)\b|^[\d\s#-]+$/i;

/** A shop named in a sentence of the receipt, and its line; null when none is. */
export function shopNamedInPhrase(
  lines: readonly TextLine[],
): { name: string; line: number } | null {
  for (const line of lines) {
    const phrase = SHOP_PHRASE.exec(line.text);
    if (!phrase) continue;
    const name = NAME_AFTER.exec(line.text.slice(phrase.index + phrase[0].length))?.[1].trim();
    if (name && !NO_SHOP.test(name)) return { name, line: line.index };
  }
  return null;
}
