import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout. The destination writes asynchronously: a line is handed to the kernel
 * without blocking the request that logged it, and lines logged while a write is under way go out
 * together in the next one (one write a batch instead of one a request under load). pino flushes
 * what is pending when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'trips-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', '*.apiKey', '*.clientSecret', '*.secret'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
