import { pino, type Logger } from 'pino';

export type { Logger };

/** How long a log line may wait in the buffer for others to share its write. */
const FLUSH_EVERY_MS = 100;

/**
 * JSON lines on stdout. The destination writes asynchronously, and lines are written together:
 * a write once 4 KB are buffered, or every FLUSH_EVERY_MS, instead of a write (a system call on
 * the thread pool) for every request's line. pino flushes what is pending when the process exits.
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
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: FLUSH_EVERY_MS }),
  );
}
