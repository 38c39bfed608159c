// The help centre's shapes (spec section 3, "Help category/article"), from the contracts.
export type { HelpArticle, HelpArticleSummary, HelpCategory } from '@snaptrack/contracts/core';
