export * from './topology.js';
export * from './bus-error.js';
export * from './bus-client.js';
export * from './reliable-rmq-server.js';
export * from './outbox.js';
export * from './message-params.js';
export * from './run-service.js';
export * from './ping.controller.js';
