export { api, stack } from './stack-client.js';
export { eventually, isDefined, waitUntil, type EventuallyOptions } from './eventually.js';
export { deleteRunQueues, queueDepth } from './queues.mjs';
export { mailsFor, waitForMail, type OutboxMail } from './outbox.js';
export {
  loginAtProvider,
  nativeIdToken,
  redeemOidcResult,
  setProviderAccount,
  TestBrowser,
} from './oidc-driver.js';
export { sendToService } from './bus.js';
export {
  assignReceiptAddress,
  newEmail,
  newSubscribedAccount,
  paidSetupLink,
  sql,
} from './accounts.js';
export { describeLeaks, readIssuedSecrets, scanRunLogs } from './secret-scan.mjs';
export { createTestAccount, withDatabase, type TestAccount } from './test-accounts.js';
export {
  subscribeInBilling,
  waitForAuthSubscription,
  type TestSubscription,
} from './subscriptions.js';
export {
  encodeHeic,
  renderReceipt,
  renderReceiptPdf,
  settledExpenses,
  uploadReceipt,
  waitForReceipt,
  type PdfReceiptKind,
  type ReceiptText,
} from './receipts.js';
export {
  metricValue,
  parseMetrics,
  scrapeBrokerQueues,
  scrapeMetrics,
  type MetricSample,
} from './metrics.js';
export { exportedMetricNames, metricNamesInPromQL } from './promql.js';
export { bootOnce } from './boot.js';
export { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from './chromium.mjs';
export { submitEmailSignIn } from './sign-in.mjs';
export { shiftDate, spreadAround, todayIn, type FixtureExpense } from './expense-spread.js';
export { seedExpenses, type SeedExpense } from './expense-rows.js';
