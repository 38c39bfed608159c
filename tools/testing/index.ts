export { api, stack } from './stack-client.js';
export { deleteRunQueues } from './queues.mjs';
export { createTestAccount, withDatabase, type TestAccount } from './accounts.js';
