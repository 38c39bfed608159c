import { startTracing } from '@snaptrack/nest-logging';

// Tracing starts before the process imports its code: the instrumentations patch http, express
// and pg as they are imported (docs/operations.md, Traces).
await startTracing('export-service');
const { exportService } = await import('./service.js');
await exportService.run();
