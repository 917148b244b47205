// The mock server: the trips paths of the OpenAPI document, stateful in memory, without a
// database. Like the service it wants `Authorization: Bearer ak_...` (any such key), counts
// requests per key (RateLimit headers, 429), honours Idempotency-Key (mock-idempotency.ts) and
// echoes X-Request-Id; it starts from the document's example trip and configuration.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { UnauthenticatedError } from '../../errors.ts';
import { RateLimits } from '../../http/rate-limit.ts';
import type { Logger } from '../../logger.ts';
import type { OpenApiDocument } from '../../openapi/types.ts';
import { exampleConfiguration } from '../trip.examples.ts';
import { exampleTrip, TRIP_EXAMPLES } from '../trip.shape.ts';
import { errorResponse } from '../../rest/errors.ts';
import { headAnswer, routedAs } from '../../http/head.ts';
import { wantsIdempotency } from '../../idempotency/idempotency.rules.ts';
import { MockIdempotency } from './mock-idempotency.ts';
import { createMockRouter } from './mock-routes.ts';
import { TripStore } from './trip-store.ts';

export interface MockOptions {
  logger: Logger;
  /** The service's OpenAPI document: the mock keeps its promises for the trips paths. */
  document: OpenApiDocument;
  /** Requests a minute per key, as RATE_LIMIT_PER_MINUTE for the service. */
  rateLimitPerMinute: number;
}

export interface MockApp {
  fetch(request: Request): Promise<Response>;
  store: TripStore;
}

const API_KEY = /^Bearer\s+(ak_[A-Za-z0-9]+)\s*$/i;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function createMockApp(options: MockOptions): MockApp {
  const seedPicture = TRIP_EXAMPLES.TripPage.value.data[0]!.agentPictureUrl;
  const store = new TripStore(
    [{ trip: exampleTrip(), configuration: exampleConfiguration() }],
    seedPicture,
  );
  const router = createMockRouter(store, options.document);
  const idempotency = new MockIdempotency();
  const limits = new RateLimits({
    perKeyPerMinute: options.rateLimitPerMinute,
    perIpPerMinute: options.rateLimitPerMinute,
  });

  async function handle(request: Request, logger: Logger): Promise<Response> {
    const authorization = request.headers.get('authorization');
    if (authorization === null) throw new UnauthenticatedError('missing_api_key');
    const key = API_KEY.exec(authorization)?.[1];
    if (!key)
      throw new UnauthenticatedError(
        'invalid_api_key',
        'The mock server accepts any API key of the form "Bearer ak_...".',
      );
    const headers = await limits.consume({ key });
    const response: Response = wantsIdempotency(request)
      ? await idempotency.run(request, key, (again) => router.fetch(again, logger))
      : await router.fetch(request, logger);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }

  return {
    store,
    async fetch(request) {
      const incoming = request.headers.get('x-request-id');
      const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      const logger = options.logger.child({ requestId });
      const routed = routedAs(request);
      let response = await handle(routed, logger).catch((error: unknown) =>
        errorResponse(error, logger),
      );
      response.headers.set('x-request-id', requestId);
      if (routed !== request) response = await headAnswer(response);
      logger.info(
        { method: request.method, path: new URL(request.url).pathname, status: response.status },
        'mock request',
      );
      return response;
    },
  };
}

export interface RunningMock {
  url: string;
  app: MockApp;
  stop(): Promise<void>;
}

export async function startMockServer(
  options: MockOptions & { host: string; port: number },
): Promise<RunningMock> {
  const app = createMockApp(options);
  const server = http.createServer(createServerAdapter((request: Request) => app.fetch(request)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    app,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
