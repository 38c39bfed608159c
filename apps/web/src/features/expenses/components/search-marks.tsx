import { highlightParts, type HighlightPart } from '@snaptrack/contracts/core';
import type { Expense } from '@/types/api';

/** What a card marks when the list is searched: the words of `q`, and the receipt's extract. */
export type CardSearch = {
  words: readonly string[];
  /** The server's extract of the receipt text, when the receipt text matched. */
  receipt?: readonly HighlightPart[];
};

/** Parts of text, the matched ones marked. */
export function MarkedParts({ parts }: { parts: readonly HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className="search-hit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** `text` with the search's words marked; plain text without a search. */
export function Marked({ text, search }: { text: string; search?: CardSearch }) {
  if (!search || search.words.length === 0) return <>{text}</>;
  return <MarkedParts parts={highlightParts(text, [...search.words])} />;
}

/**
 * Whether a word of the search is found only in the receipt text: then the card shows the
 * extract, so that the reason the expense is listed is on screen.
 */
export function matchedOnlyInReceipt(expense: Expense, search: CardSearch | undefined): boolean {
  if (!search?.receipt?.length) return false;
  const shown = [expense.vendor, expense.notes ?? '', expense.entity ?? '', ...expense.tags]
    .join('\n')
    .toLowerCase();
  return search.words.some((word) => !shown.includes(word));
}
