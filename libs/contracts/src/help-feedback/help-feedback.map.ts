import type {
  ArticleFeedbackRequest,
  GetHelpArticleRequest,
  ListHelpArticlesRequest,
} from './help.messages.js';
import type { EmptyRequest } from '../auth/auth.messages.js';
import type { FeedbackCategoriesRequest, SubmitFeedbackRequest } from './feedback.messages.js';
import type {
  AppVersionRequest,
  CheckUpdateRequest,
  ReleaseNotesRequest,
} from './versions.messages.js';
import type {
  FeedbackCategoriesResponse,
  SubmitFeedbackResponse,
} from '../core/help-feedback/feedback.js';
import type {
  ArticleFeedbackResponse,
  HelpArticleListResponse,
  HelpArticleResponse,
  HelpCategoryListResponse,
} from '../core/help-feedback/help.types.js';
import type {
  CheckUpdateResponse,
  ReleaseNotes,
  VersionInfo,
} from '../core/help-feedback/versions.types.js';

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
