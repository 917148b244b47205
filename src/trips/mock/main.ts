// `npm run mock`: the mock server of the trips paths on MOCK_PORT (4010), no database.
import { loadConfigOrExit } from '../../config/config.ts';
import { DOMAINS } from '../../domains.ts';
import { createLogger } from '../../logger.ts';
import { buildOpenApiDocument } from '../../openapi/document.ts';
import { startMockServer } from './mock-server.ts';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const mock = await startMockServer({
  logger,
  document: buildOpenApiDocument(DOMAINS, { apiUrl: 'http://api.invalid' }),
  host: config.host,
  port: config.mockPort,
  rateLimitPerMinute: config.rateLimitPerMinute,
});
logger.info(
  { url: mock.url },
  'Mock server listening (the /trips paths, in memory; any "Bearer ak_..." key)',
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void mock.stop().then(() => process.exit(0));
  });
}
