import type {
  ArticleFeedbackRequest,
  ArticleFeedbackResponse,
  GetHelpArticleRequest,
  HelpArticleListResponse,
  HelpArticleResponse,
  HelpCategoryListResponse,
  ListHelpArticlesRequest,
} from './help.messages.js';
import type { EmptyRequest } from '../auth/auth.messages.js';
import type {
  FeedbackCategoriesRequest,
  FeedbackCategoriesResponse,
  SubmitFeedbackRequest,
  SubmitFeedbackResponse,
} from './feedback.messages.js';
import type {
  AppVersionRequest,
  CheckUpdateRequest,
  CheckUpdateResponse,
  ReleaseNotes,
  ReleaseNotesRequest,
  VersionInfo,
} from './versions.messages.js';

/** Requests help-feedback-service answers. Help and versions need no user. */
export interface HelpFeedbackMessages {
  'help-feedback.help-category.list.v1': {
    request: EmptyRequest;
    response: HelpCategoryListResponse;
  };
  'help-feedback.help-article.list.v1': {
    request: ListHelpArticlesRequest;
    response: HelpArticleListResponse;
  };
  'help-feedback.help-article.get.v1': {
    request: GetHelpArticleRequest;
    response: HelpArticleResponse;
  };
  'help-feedback.help-article-feedback.create.v1': {
    request: ArticleFeedbackRequest;
    response: ArticleFeedbackResponse;
  };
  'help-feedback.feedback-category.list.v1': {
    request: FeedbackCategoriesRequest;
    response: FeedbackCategoriesResponse;
  };
  'help-feedback.feedback.create.v1': {
    request: SubmitFeedbackRequest;
    response: SubmitFeedbackResponse;
  };
  'help-feedback.app-version.get.v1': { request: AppVersionRequest; response: VersionInfo };
  'help-feedback.app-version.check.v1': {
    request: CheckUpdateRequest;
    response: CheckUpdateResponse;
  };
  'help-feedback.release-notes.get.v1': { request: ReleaseNotesRequest; response: ReleaseNotes };
}
