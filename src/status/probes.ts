// GET /livez and GET /readyz, on the API and AI listeners, ahead of the app: no authentication,
// no rate limit (a load balancer probes often, from one address), and answered from the moment
// the port opens. /livez: the process is alive. /readyz: 200 once everything has started, 503
// while starting, while draining at shutdown, and while PostgreSQL does not answer. Until the app
// is there every other path gets a 503 as well. GET /status keeps its own body (status/).
import type { App, ServerContext } from '../app.ts';
import { errorBody, jsonResponse } from '../rest/errors.ts';

export type ReadinessState = 'starting' | 'ready' | 'draining';

const NO_STORE = { 'cache-control': 'no-store' };

export class Readiness {
  state: ReadinessState = 'starting';
  private databaseCheck: (() => Promise<boolean>) | undefined;
  private pending: Promise<boolean> | undefined;

  /** Everything has started; from now on readiness follows `databaseCheck`. */
  ready(databaseCheck: () => Promise<boolean>): void {
    this.databaseCheck = databaseCheck;
    this.state = 'ready';
  }

  drain(): void {
    this.state = 'draining';
  }

  async report(): Promise<{ ready: boolean; body: Record<string, string> }> {
    if (this.state !== 'ready') return { ready: false, body: { status: this.state } };
    // Probes arriving together share one check.
    this.pending ??= this.databaseCheck!().finally(() => {
      this.pending = undefined;
    });
    return (await this.pending)
      ? { ready: true, body: { status: 'ready' } }
      : { ready: false, body: { status: 'unavailable', reason: 'PostgreSQL does not answer.' } };
  }
}

/** The probe a request's URL names (its path is exactly /livez or /readyz), read without parsing every request's URL. */
const PROBE_PATH = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*\/(livez|readyz)(?:[?#]|$)/i;

export function withProbes(readiness: Readiness, app: () => App | undefined): App {
  return {
    async fetch(request: Request, serverContext?: ServerContext) {
      const probe =
        request.method === 'GET' || request.method === 'HEAD'
          ? PROBE_PATH.exec(request.url)?.[1]
          : undefined;
      if (probe === 'livez') return jsonResponse({ status: 'ok' }, 200, NO_STORE);
      if (probe === 'readyz') {
        const { ready, body } = await readiness.report();
        return jsonResponse(body, ready ? 200 : 503, NO_STORE);
      }
      const current = app();
      if (current) return current.fetch(request, serverContext);
      return jsonResponse(errorBody('service_unavailable', 'The service is starting.'), 503, {
        ...NO_STORE,
        'retry-after': '1',
      });
    },
  };
}
