// A client that spreads requests over several upstreams the way a load balancer does, for the
// rolling-restart fault test. What it does, and why each rule is what balancers do:
// - Health: it probes each upstream's GET /readyz every PROBE_INTERVAL_MS (time-out
//   PROBE_TIMEOUT_MS). An upstream takes new requests only while its last probe answered 200; one
//   failed probe (503, refused, time-out) takes it out, one 200 puts it back (Kubernetes endpoints
//   and cloud balancers do the same with thresholds of 1 or more).
// - Routing: round robin over the upstreams that are in, each over its own keep-alive pool
//   (node:http Agent), so connections are reused as a proxy reuses its upstream connections.
// - Retries: a request is sent again, to the next upstream, only when the connection was refused
//   (ECONNREFUSED): then no byte of it left the client. Anything else (a reset, a hang-up, a
//   time-out, any status) is the answer: after a byte was sent, a POST may have run, and sending
//   it again could create twice (nginx's proxy_next_upstream without non_idempotent, Envoy's
//   connect-failure retry policy).
// - No upstream in: the request fails at once (a balancer answers 503), it does not wait.
import http from 'node:http';

const PROBE_INTERVAL_MS = 200;
const PROBE_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  body: any;
  /** `Connection: close` on the answer: the upstream is draining. */
  closed: boolean;
  upstream: string;
}

interface Upstream {
  url: string;
  agent: http.Agent;
  in: boolean;
  /** Every /readyz status body seen, in order, without repeats ("ready", "draining", "refused"...). */
  seen: string[];
}

export class Balancer {
  readonly upstreams: Upstream[];
  private next = 0;
  private probing = true;
  private readonly probes: Promise<void>[];

  constructor(urls: string[]) {
    this.upstreams = urls.map((url) => ({
      url,
      agent: new http.Agent({ keepAlive: true, maxSockets: 16 }),
      in: false,
      seen: [],
    }));
    this.probes = this.upstreams.map((upstream) => this.probeLoop(upstream));
  }

  async stop(): Promise<void> {
    this.probing = false;
    await Promise.all(this.probes);
    for (const upstream of this.upstreams) upstream.agent.destroy();
  }

  /** Resolves once every upstream is in. */
  async allIn(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.upstreams.every((u) => u.in)) {
      if (Date.now() > deadline) throw new Error('the upstreams did not all become ready');
      await sleep(50);
    }
  }

  /** Sends a request as the balancer would; throws what the client of the balancer would see fail. */
  async request(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    for (let tries = 0; tries < this.upstreams.length * 3; tries++) {
      const upstream = this.pick();
      if (!upstream) throw new Error('no upstream is ready (the balancer answers 503)');
      try {
        return await send(upstream, method, path, headers, body);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
        upstream.in = false; // as a passive health check would
      }
    }
    throw new Error('every upstream refused the connection');
  }

  private pick(): Upstream | undefined {
    for (let i = 0; i < this.upstreams.length; i++) {
      const upstream = this.upstreams[this.next++ % this.upstreams.length]!;
      if (upstream.in) return upstream;
    }
    return undefined;
  }

  private async probeLoop(upstream: Upstream): Promise<void> {
    while (this.probing) {
      const state = await probe(upstream.url);
      upstream.in = state === 'ready';
      if (upstream.seen.at(-1) !== state) upstream.seen.push(state);
      await sleep(PROBE_INTERVAL_MS);
    }
  }
}

/** The /readyz status, or what kept it from answering. Probes use fresh connections, as most balancers' do. */
async function probe(url: string): Promise<string> {
  try {
    const response = await fetch(`${url}/readyz`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      headers: { connection: 'close' },
    });
    const body = (await response.json()) as { status: string };
    return response.status === 200 ? 'ready' : body.status;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'no answer';
  }
}

function send(
  upstream: Upstream,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${upstream.url}${path}`,
      {
        method,
        agent: upstream.agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: payload
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }
          : headers,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? JSON.parse(text) : undefined,
            closed: response.headers.connection === 'close',
            upstream: upstream.url,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within the time-out')));
    request.on('error', reject);
    request.end(payload);
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
