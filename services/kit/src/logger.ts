import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-internal-token"]', 'req.headers.authorization', '*.password'],
      remove: true,
    },
  });
}
