// The decorator-free core of the contracts: types, limits, messages and pure rules. The SPA
// imports it at run time (`@snaptrack/contracts/core`), so nothing here may import
// class-validator, class-transformer, reflect-metadata or Node built-ins; the server's
// validation classes (the package's main entry) wrap it. docs/architecture.md, "One contract".
export * from './common/error-codes.js';
export * from './common/error-envelope.js';
export * from './common/http.js';
export * from './auth/product-user.js';
export * from './auth/auth.types.js';
export * from './auth/username-rules.js';
export * from './auth/password-change.js';
export * from './expenses/expense.js';
export * from './expenses/split.js';
export * from './expenses/amount-text.js';
export * from './expenses/tax.js';
export * from './expenses/expense-search.js';
export * from './expenses/currency.js';
export * from './expenses/normalize.js';
export * from './expenses/expenses.types.js';
export * from './expenses/receipts.js';
export * from './expenses/stores.js';
export * from './export/export.types.js';
export * from './billing/billing.types.js';
export * from './help-feedback/feedback.js';
export * from './help-feedback/help.types.js';
export * from './help-feedback/versions.types.js';
export * from './mail-ingest/mail-log.types.js';
export * from './mail-ingest/sender-rules.js';
export * from './mail-ingest/text-receipt.js';
