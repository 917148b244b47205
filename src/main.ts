// Process entry: configuration, the service, signals. Nothing else.
import { loadConfigOrExit } from './config/config.ts';
import { createLogger } from './logger.ts';
import { startService } from './service.ts';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const service = await startService(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'the service could not start');
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    service.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
