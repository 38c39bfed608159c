import type {
  ChangePasswordRequest,
  EmptyRequest,
  EndSessionRequest,
  IssueSessionRequest,
  LoginMessage,
  TokenVersionRequest,
  TokenVersionResponse,
  UserCreatedEvent,
} from './auth.messages.js';
import type {
  AccountAddressRequest,
  AccountAddressResponse,
  ActionCodeMessage,
  PasswordResetConfirmMessage,
  PasswordResetRequestMessage,
  PasswordSetupIssueRequest,
  PasswordSetupIssueResponse,
  PasswordSetupRequest,
  SignInMethodsRequest,
} from './password.messages.js';
import type {
  OidcCallbackRequest,
  OidcCallbackResponse,
  OidcResultMessage,
  OidcStartRequest,
  UniversalSignInRequest,
} from './oidc.messages.js';
import type {
  AddEmailRequest,
  EmailIdRequest,
  UpdateEmailMessage,
  VerifyEmailMessage,
} from './emails.messages.js';
import type { UsernameRequest } from './username.messages.js';
import type { ProductUser } from '../core/auth/product-user.js';
import type {
  ReceiptAddressRequest,
  ReceiptAddressResponse,
} from '../mail-ingest/mail-ingest.messages.js';
import type {
  EmailListResponse,
  EmailResponse,
  MessageResponse,
  OidcProvidersResponse,
  OidcResultResponse,
  OidcStartResponse,
  PasswordResetVerifyResponse,
  SessionResponse,
  SignInMethodsResponse,
  SuccessResponse,
  UsernameAssignResponse,
  UsernameCheckResponse,
  UsernameHistoryResponse,
} from '../core/auth/auth.types.js';

/** Requests auth-service answers. */
export interface AuthMessages {
  'auth.session.login.v1': { request: LoginMessage; response: SessionResponse };
  'auth.session.logout.v1': { request: EmptyRequest; response: SuccessResponse };
  'auth.session.end.v1': { request: EndSessionRequest; response: SuccessResponse };
  /** Answers a new session for the caller's device: the others end. */
  'auth.password.change.v1': { request: ChangePasswordRequest; response: SessionResponse };
  'auth.user.profile.v1': { request: EmptyRequest; response: ProductUser };
  'auth.user.token-version.v1': { request: TokenVersionRequest; response: TokenVersionResponse };
  'auth.session.issue.v1': { request: IssueSessionRequest; response: SessionResponse };
  'auth.sign-in-methods.get.v1': { request: SignInMethodsRequest; response: SignInMethodsResponse };
  'auth.password-reset.request.v1': {
    request: PasswordResetRequestMessage;
    response: MessageResponse;
  };
  'auth.password-reset.verify.v1': {
    request: ActionCodeMessage;
    response: PasswordResetVerifyResponse;
  };
  'auth.password-reset.confirm.v1': {
    request: PasswordResetConfirmMessage;
    response: MessageResponse;
  };
  'auth.password-setup.issue.v1': {
    request: PasswordSetupIssueRequest;
    response: PasswordSetupIssueResponse;
  };
  'auth.password-setup.complete.v1': { request: PasswordSetupRequest; response: SessionResponse };
  'auth.user.address.v1': { request: AccountAddressRequest; response: AccountAddressResponse };
  'auth.oidc.providers.v1': { request: EmptyRequest; response: OidcProvidersResponse };
  'auth.oidc.start.v1': { request: OidcStartRequest; response: OidcStartResponse };
  'auth.oidc.callback.v1': { request: OidcCallbackRequest; response: OidcCallbackResponse };
  'auth.oidc.result.v1': { request: OidcResultMessage; response: OidcResultResponse };
  'auth.universal.sign-in.v1': { request: UniversalSignInRequest; response: SessionResponse };
  'auth.email.list.v1': { request: EmptyRequest; response: EmailListResponse };
  'auth.email.add.v1': { request: AddEmailRequest; response: EmailResponse };
  'auth.email.update.v1': { request: UpdateEmailMessage; response: EmailResponse };
  'auth.email.delete.v1': { request: EmailIdRequest; response: SuccessResponse };
  'auth.email.send-verification.v1': { request: EmailIdRequest; response: SuccessResponse };
  'auth.email.verify.v1': { request: VerifyEmailMessage; response: EmailResponse };
  'auth.username.check.v1': { request: UsernameRequest; response: UsernameCheckResponse };
  'auth.username.assign.v1': { request: UsernameRequest; response: UsernameAssignResponse };
  'auth.username.history.v1': { request: EmptyRequest; response: UsernameHistoryResponse };
  /** Whose receipt address is this (`{username}@{MAIL_DOMAIN}` or the legacy form)? */
  'auth.receipt-address.resolve.v1': {
    request: ReceiptAddressRequest;
    response: ReceiptAddressResponse;
  };
}

/** Events auth-service publishes. */
export interface AuthEvents {
  'auth.user.created.v1': UserCreatedEvent;
}

export const AuthEventConsumers = {
  'auth.user.created.v1': ['expenses'],
} as const;

/** The names of the events auth-service publishes (send and subscribe with these). */
export const AuthEventPatterns = {
  userCreated: 'auth.user.created.v1',
} as const satisfies Record<string, keyof AuthEvents>;
