// GET /livez and GET /readyz, on the API and AI listeners, ahead of the app: no authentication,
// no rate limit (a load balancer probes often, from one address), and answered from the moment
// the port opens. /livez: the process is alive. /readyz: 200 once everything has started, 503
// while starting, while draining at shutdown, and while PostgreSQL does not answer. Until the app
// is there every other path gets a 503 as well. GET /status keeps its own body (status/).
// From SIGTERM on (draining), every answer, the app's too, says `Connection: close`, so that
// keep-alive clients open their next connection elsewhere while this process finishes.
import type { App, ServerContext } from '../http/fetch-handler.ts';
import { requestIdOf } from '../http/request-id.ts';
import { EVERY_ANSWER, NOTHING } from '../http/security-headers.ts';
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
  async function answer(request: Request, serverContext?: ServerContext): Promise<Response> {
    const probe =
      request.method === 'GET' || request.method === 'HEAD'
        ? PROBE_PATH.exec(request.url)?.[1]
        : undefined;
    if (probe === 'livez') return ownAnswer(request, { status: 'ok' }, 200);
    if (probe === 'readyz') {
      const { ready, body } = await readiness.report();
      return ownAnswer(request, body, ready ? 200 : 503);
    }
    const current = app();
    if (current) return current.fetch(request, serverContext);
    const starting = errorBody('service_unavailable', 'The service is starting.');
    return ownAnswer(request, starting, 503, { 'retry-after': '1' });
  }
  return {
    async fetch(request: Request, serverContext?: ServerContext) {
      const response = await answer(request, serverContext);
      if (readiness.state === 'draining') response.headers.set('connection', 'close');
      return response;
    },
  };
}

/** An answer of the probes themselves, with the headers the app gives every answer (app.ts). */
function ownAnswer(
  request: Request,
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(body, status, {
    ...NO_STORE,
    ...EVERY_ANSWER,
    'content-security-policy': NOTHING,
    'x-request-id': requestIdOf(request),
    ...headers,
  });
}
