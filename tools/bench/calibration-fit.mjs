// How ocr-service's confidence table (apps/ocr-service/src/extraction/calibration.ts) is measured,
// for `real-replay.mjs calibrate`: per field and kind of evidence, the share of right readings on
// real receipts; the table that gives; the review queue on the real receipts with that table, in
// sample and 2-fold (calibrated on sroie-train and one half of the real set, scored on the other).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/ocr-service/dist/extraction/calibration.js',
);
const { confidenceFor, CALIBRATION, measuredConfidence } = await import(dist);

const FIELDS = ['vendor', 'total', 'date'];

/** Per field and kind: [read, right] on each set. */
function tally(sets) {
  const out = Object.fromEntries(FIELDS.map((f) => [f, new Map()]));
  for (const [set, samples] of Object.entries(sets)) {
    for (const sample of samples) {
      for (const field of FIELDS) {
        const { basis, right } = sample.fields[field];
        if (basis === null || right === null || right === undefined) continue;
        const entry = out[field].get(basis) ?? {};
        const [n, ok] = entry[set] ?? [0, 0];
        entry[set] = [n + 1, ok + (right ? 1 : 0)];
        out[field].set(basis, entry);
      }
    }
  }
  return out;
}

/**
 * Readings of a kind on the real set that let it overrule the pooled share when it says less
 * (calibration.ts explains why).
 */
const REAL_SAY = 3;

/**
 * The table the samples give: each kind's share of right readings over both sets, smoothed
 * (measuredConfidence); the real set's own share instead when it measured the kind on at least
 * REAL_SAY readings and found it right less often.
 */
export function fitTable(sets) {
  const counts = tally(sets);
  const table = {};
  for (const field of FIELDS) {
    table[field] = {};
    for (const [kind, entry] of counts[field]) {
      const [n, right] = Object.values(entry).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
      let confidence = measuredConfidence(right, n);
      const [realN, realRight] = entry.real ?? [0, 0];
      if (realN >= REAL_SAY && realRight / realN < right / n) {
        confidence = measuredConfidence(realRight, realN);
      }
      table[field][kind] = confidence;
    }
  }
  return table;
}

/** The review queue of real receipts when each field's confidence comes from `table`. */
export function queueWith(samples, table, threshold) {
  let queued = 0;
  let queuedWrong = 0;
  const rightQueued = [];
  const silentIds = [];
  for (const s of samples) {
    const unsure = FIELDS.some((field) => {
      const { basis } = s.fields[field];
      return basis !== null && confidenceFor(table, field, basis) < threshold;
    });
    const inQueue = s.otherwiseQueued || unsure;
    if (inQueue) queued++;
    if (inQueue && !s.all) queuedWrong++;
    if (inQueue && s.all) rightQueued.push(s.id);
    if (!inQueue && !s.all) silentIds.push(s.id);
  }
  return { n: samples.length, queued, queuedWrong, rightQueued, silentIds };
}

const pct = ([n, right] = [0, 0]) => (n === 0 ? '–' : `${right}/${n}`);

export function calibrationReport({ real, sroie, threshold }) {
  const lines = [];
  const counts = tally({ real, sroie });
  const fitted = fitTable({ real, sroie });
  for (const field of FIELDS) {
    lines.push(
      '',
      `### ${field}`,
      '',
      '| evidence | real | sroie-train | fitted | in code |',
      '|---|---|---|---|---|',
    );
    const kinds = [...counts[field]].sort(
      ([, a], [, b]) =>
        (b.real?.[0] ?? 0) + (b.sroie?.[0] ?? 0) - (a.real?.[0] ?? 0) - (a.sroie?.[0] ?? 0),
    );
    for (const [kind, entry] of kinds) {
      const inCode = CALIBRATION[field][kind];
      lines.push(
        `| ${kind} | ${pct(entry.real)} | ${pct(entry.sroie)} | ${fitted[field][kind]} | ${inCode ?? 'unmeasured'} |`,
      );
    }
  }
  const show = (name, q) =>
    `| ${name} | ${q.n} | ${q.queued} | ${q.queuedWrong} | ${q.rightQueued.length} | ${q.silentIds.length}${q.silentIds.length ? ` (${q.silentIds.join(', ')})` : ''} |`;
  // 2-fold: every other receipt (sorted by id) in one half, the rest in the other.
  const halves = [real.filter((_, i) => i % 2 === 0), real.filter((_, i) => i % 2 === 1)];
  const folds = halves.map((held, i) =>
    queueWith(held, fitTable({ real: halves[1 - i], sroie }), threshold),
  );
  const inCode = queueWith(real, CALIBRATION, threshold);
  const sum = (key) => folds.reduce((a, q) => a + q[key], 0);
  const twoFold = {
    n: sum('n'),
    queued: sum('queued'),
    queuedWrong: sum('queuedWrong'),
    rightQueued: folds.flatMap((q) => q.rightQueued),
    silentIds: folds.flatMap((q) => q.silentIds),
  };
  lines.push(
    '',
    '### review queue on the real receipts',
    '',
    '| table | receipts | in queue | with a wrong field | all right, in queue | wrong, not in queue |',
    '|---|---|---|---|---|---|',
    show('in code (calibration.ts)', inCode),
    show('fitted on all (in sample)', queueWith(real, fitted, threshold)),
    show('2-fold (sroie + other half)', twoFold),
    '',
    'Fitted on all, as calibration.ts holds it:',
    '',
    ...FIELDS.map(
      (field) =>
        `  ${field}: {\n` +
        Object.entries(fitted[field])
          .sort(([, a], [, b]) => b - a)
          .map(([kind, c]) => `    '${kind}': ${c},`)
          .join('\n') +
        '\n  },',
    ),
    '',
    `Right receipts in the queue (in code): ${inCode.rightQueued.join(', ')}`,
  );
  return lines.join('\n');
}
