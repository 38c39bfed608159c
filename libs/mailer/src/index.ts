export * from './mail-message.js';
export * from './html.js';
export * from './create-mailer.js';
