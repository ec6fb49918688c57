import { type Logger, pino } from 'pino';
import { traceLogFields } from './tracing';

export type { Logger };

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    // The active span's trace_id and span_id on every line written inside a traced request, event or job.
    mixin: traceLogFields,
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-internal-token"]', 'req.headers.authorization', '*.password'],
      remove: true,
    },
  });
}
