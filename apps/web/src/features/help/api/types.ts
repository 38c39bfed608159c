// The help centre's shapes (help category and article), from the contracts.
export type { HelpArticle, HelpArticleSummary, HelpCategory } from '@snaptrack/contracts';
