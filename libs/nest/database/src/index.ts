export * from './create-data-source.js';
export * from './migrate.js';
export * from './migrate-step.js';
export * from './database-health.js';
export * from './database.module.js';
export * from './unique-violation.js';
