// `npm run bench:extraction -- --set real --replay [--stores N]`: a store corrected once stays
// corrected (docs/benchmarks.md, "Store memory replay"). The receipts are grouped by store (the
// truth file's vendor, normalised); for each store with at least two receipts the first is
// uploaded and corrected through the real API (PATCH /api/expenses/{id} with the truth's vendor,
// total, date and currency), then the others are uploaded and scored: every field right
// (vendor ≥ 0.8 similar, date, total, currency where the truth has one). With a control account,
// the same later receipts are read again without any correction, for the comparison. A first
// receipt read right and in the review queue is confirmed there instead, as its user would.
//
// The data set stays outside the repository; nothing from it is written anywhere.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keyDate, score, scoreReal } from './sroie-truth.mjs';

/** The store of a truth file: its vendor, letters and digits only. */
export function storeOf(key) {
  const name = key.company ?? null;
  return name ? name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') : null;
}

/** Receipt ids by store, in id order; receipts without a vendor in the truth are left out. */
export async function groupByStore(dataDir, ids) {
  const stores = new Map();
  for (const id of [...ids].sort()) {
    const key = JSON.parse(await readFile(path.join(dataDir, 'key', `${id}.json`), 'utf8'));
    const store = storeOf(key);
    if (!store) continue;
    if (!stores.has(store)) stores.set(store, []);
    stores.get(store).push({ id, key });
  }
  return stores;
}

/** The correction a user makes: the truth's vendor, total, date and currency. */
export function correctionOf(key) {
  const date = key.date ? keyDate(key.date) : null;
  const amount = key.total === undefined || key.total === null ? NaN : Number(key.total);
  return {
    vendor: key.company,
    ...(Number.isFinite(amount) ? { amount: Math.round(amount * 100) / 100 } : {}),
    ...(date ? { expense_date: date } : {}),
    ...(key.currency ? { currency: key.currency } : {}),
  };
}

/** Every field of a read expense scored against its truth. */
function scored(expense, key, realSet) {
  const ready = expense?.status === 'ready';
  const evidence = expense?.field_evidence ?? {};
  const fields = {
    vendor: ready ? expense.vendor || null : null,
    total: ready && expense.amount !== null ? Number(expense.amount) : null,
    date:
      ready && evidence.expense_date?.flag !== 'not_read'
        ? (expense.expense_date ?? '').slice(0, 10) || null
        : null,
  };
  const base = realSet ? scoreReal(fields, key) : score(fields, key);
  const currency = key.currency ? ready && expense.currency === key.currency : null;
  const all = [base.vendorClose, base.date, base.total, currency].every((ok) => ok !== false);
  return { ...base, currency, all, remembered: Boolean(evidence.vendor?.remembered) };
}

/**
 * With `again` (a kind of worse-photos.mjs), every receipt is a store of its own whose later
 * receipt is another photo of the same paper: the set's stores rarely print two receipts.
 */
function storesToReplay(stores, again) {
  if (!again) return [...stores.entries()].filter(([, receipts]) => receipts.length >= 2);
  return [...stores.values()].flatMap((receipts) =>
    receipts.map((receipt) => [receipt.id, [receipt, { ...receipt, photo: again }]]),
  );
}

/**
 * The user's one touch of the store's first receipt: one read right and in the review queue is
 * confirmed there (POST /api/expenses/{id}/review); any other is corrected to its truth (PATCH,
 * which changes nothing on one read right that the queue did not show). Resolves to what was
 * done.
 */
async function teach(api, token, expense, key, realSet) {
  if (scored(expense, key, realSet).all) {
    const queue = await api(token, 'GET', '/api/expenses?review=needed&limit=100');
    if (queue.expenses.some((queued) => queued.id === expense.id)) {
      await api(token, 'POST', `/api/expenses/${expense.id}/review`);
      return 'confirmed';
    }
  }
  await api(token, 'PATCH', `/api/expenses/${expense.id}`, correctionOf(key));
  return 'corrected';
}

/**
 * Replays one correction per store. `api(token, method, route, body)`, `read(token, id, photo)`
 * (uploads a receipt, as the worse photo `photo` when given, and returns the expense once read)
 * come from the bench.
 */
export async function replayStores({
  dataDir,
  ids,
  realSet,
  maxStores,
  again,
  api,
  read,
  token,
  control,
}) {
  const stores = await groupByStore(dataDir, ids);
  const repeated = storesToReplay(stores, again);
  const chosen = maxStores ? repeated.slice(0, maxStores) : repeated;
  process.stdout.write(
    again
      ? `bench: replay: ${repeated.length} receipts, each corrected once and read again as a ${again} photo; replaying ${chosen.length}\n`
      : `bench: replay: ${stores.size} stores, ${repeated.length} with 2 receipts or more; replaying ${chosen.length}\n`,
  );
  const rows = [];
  for (const [store, receipts] of chosen) {
    const [first, ...later] = receipts;
    const firstRead = await read(token, first.id);
    const taught = firstRead ? await teach(api, token, firstRead, first.key, realSet) : null;
    if (!taught) process.stdout.write(`bench: replay: ${first.id} was not read\n`);
    for (const receipt of later) {
      const expense = await read(token, receipt.id, receipt.photo);
      const row = { store, id: receipt.id, taught, ...scored(expense, receipt.key, realSet) };
      if (control) {
        const plain = await read(control, receipt.id, receipt.photo);
        row.before = scored(plain, receipt.key, realSet).all;
      }
      rows.push(row);
      // One line per receipt, so that a run cut short still says what it measured.
      process.stdout.write(
        `bench: replay: ${receipt.id} (${store}) first ${taught ?? 'not read'}, every field ${row.all ? 'right' : 'wrong'}` +
          `${row.before === undefined ? '' : `, without the correction ${row.before ? 'right' : 'wrong'}`}` +
          `${row.remembered ? ', store recognised' : ''}\n`,
      );
    }
  }
  return { stores: stores.size, repeated: repeated.length, replayed: chosen.length, rows, again };
}

export function reportReplay({ stores, repeated, replayed, rows, again }, label) {
  const pct = (n, of) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(0)}% (${n}/${of})`);
  const count = (field) => rows.filter((row) => row[field] === true).length;
  const scoredOf = (field) => rows.filter((row) => row[field] !== null).length;
  const lines = [
    '',
    `## Store memory replay: ${label}`,
    '',
    again
      ? `${repeated} receipts, each corrected once as photographed (PATCH /api/expenses/{id}) and read again as a ${again} photo of the same paper; ${rows.length} later readings scored.`
      : `${stores} stores in the set, ${repeated} with two receipts or more; ${replayed} replayed (first receipt corrected through PATCH /api/expenses/{id}), ${rows.length} later receipts scored.`,
    '',
    '| later receipts of a corrected store | right |',
    '|---|---|',
    `| every field right | ${pct(count('all'), rows.length)} |`,
    `| vendor (≥ 0.8 similar) | ${pct(count('vendorClose'), scoredOf('vendorClose'))} |`,
    `| total | ${pct(count('total'), rows.length)} |`,
    `| date | ${pct(count('date'), scoredOf('date'))} |`,
    `| currency | ${pct(count('currency'), scoredOf('currency'))} |`,
    `| store recognised (vendor remembered) | ${pct(count('remembered'), rows.length)} |`,
    `| first receipt confirmed in the review queue, not corrected | ${rows.filter((row) => row.taught === 'confirmed').length} |`,
  ];
  if (rows.some((row) => row.before !== undefined)) {
    lines.push(
      `| every field right without the correction (control account) | ${pct(rows.filter((row) => row.before).length, rows.length)} |`,
    );
  }
  const misses = rows.filter((row) => !row.all);
  if (misses.length > 0) {
    lines.push(
      '',
      `Not entirely right: ${misses
        .map(
          (row) =>
            `${row.id} (${['vendorClose', 'total', 'date', 'currency']
              .filter((field) => row[field] === false)
              .join(', ')})`,
        )
        .join('; ')}.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
