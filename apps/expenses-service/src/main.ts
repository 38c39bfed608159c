import { startTracing } from '@snaptrack/nest-logging';

// Tracing starts before the process imports its code: the instrumentations patch http, express
// and pg as they are imported (docs/operations.md, Traces).
await startTracing('expenses-service');
const { expensesService } = await import('./service.js');
await expensesService.run();
