import { ExpensesRepository, type Db } from './expenses.repository.js';

/**
 * How many bits two receipt images' perceptual hashes may differ in and still be one receipt
 * (measured on 148 real receipt photos and scans: docs/ocr.md, "Duplicate receipts"). Re-encoded
 * and turned copies differ by 0 to 6 bits at the 95th percentile, 10 at most; different
 * receipts by 28 at the median, but two receipts printed from one shop's template come as close
 * as 4. So a close picture is a match only when what was read does not say otherwise: both read
 * with different amounts, or dates more than a day apart, are two purchases.
 */
export const IMAGE_HASH_MAX_DISTANCE = 10;

/**
 * After a reading (with the new receipt's image and region hashes, each upright and turned):
 * flags the later of this expense and the earliest one it matches
 * (ExpensesRepository.findDuplicate) as its possible duplicate. Either may have been read
 * first, so the match may be the later one. Nothing is ever deleted here; an expense the user
 * kept (Keep both) stays unflagged.
 */
export async function flagDuplicate(
  db: Db,
  userId: string,
  expenseId: string,
  fingerprint: { imageHashes: readonly string[]; regionHashes: readonly string[] },
): Promise<void> {
  const match = await ExpensesRepository.findDuplicate(db, userId, expenseId, {
    hashes: fingerprint.imageHashes,
    regionHashes: fingerprint.regionHashes,
    maxDistance: IMAGE_HASH_MAX_DISTANCE,
  });
  if (!match) return;
  if (match.later) {
    await ExpensesRepository.markDuplicate(db, userId, match.id, expenseId, match.reason);
  } else {
    await ExpensesRepository.markDuplicate(db, userId, expenseId, match.id, match.reason);
  }
}
