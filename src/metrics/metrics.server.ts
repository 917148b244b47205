// The metrics listener (METRICS_PORT): GET /metrics and nothing else, on a port of its own so
// the series are never public on the API port; expose it to Prometheus only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';
import type { Metrics } from './metrics.ts';

export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
  logger: Logger,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics here.\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      (error: unknown) => {
        logger.warn({ err: error }, 'metrics scrape failed');
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end('The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
