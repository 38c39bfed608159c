// The help centre's shapes, from the contracts.
export type { HelpArticle, HelpArticleSummary, HelpCategory } from '@snaptrack/contracts/core';
