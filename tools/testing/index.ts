export { api, stack } from './stack-client.js';
export { deleteRunQueues } from './queues.mjs';
