/** What an export job makes: the receipt PDF or the accountant's pack (ZIP). */
export type ExportJobKind = 'pdf' | 'pack';

/** How messages name each kind. */
export const ExportJobLabels = {
  pdf: { one: 'A receipt PDF', the: 'The PDF' },
  pack: {
    one: 'An accountant pack',
    the: 'The pack',
    atOnce: (limit: number) =>
      `You already have ${limit} accountant pack${limit === 1 ? '' : 's'} being made. Please wait for ${limit === 1 ? 'it' : 'one'} to finish.`,
  },
} as const;
