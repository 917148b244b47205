// A small, bounded request loop for the fault tests: a few concurrent clients cycling through
// reads, a creation and /status, recording every outcome. A request that gets no answer within
// REQUEST_TIMEOUT_MS is recorded with status 0 (a hang), never awaited forever.

const REQUEST_TIMEOUT_MS = 20_000;
/** However long a wait is asked for, the loop gives up after this many requests. */
const MAX_REQUESTS = 50_000;

export interface Outcome {
  route: string;
  status: number;
  body: any;
  error?: string;
}

export class LoadGenerator {
  readonly outcomes: Outcome[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private readonly url: string;
  private readonly key: string;
  private readonly tripId: number;

  constructor(url: string, key: string, tripId: number) {
    this.url = url;
    this.key = key;
    this.tripId = tripId;
  }

  start(clients: number): void {
    this.running = true;
    this.workers = Array.from({ length: clients }, (_, i) => this.loop(i));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** Resolves once `count` outcomes are recorded in all. */
  waitForCompleted(count: number): Promise<void> {
    return this.waitUntil(() => this.outcomes.length >= count, `${count} outcomes`);
  }

  /** Resolves once the last `count` outcomes are all successes. */
  waitForConsecutiveSuccesses(count: number): Promise<void> {
    return this.waitUntil(
      () =>
        this.outcomes.length >= count &&
        this.outcomes.slice(-count).every((o) => o.status >= 200 && o.status < 300),
      `${count} successes in a row`,
    );
  }

  private async waitUntil(done: () => boolean, what: string): Promise<void> {
    while (!done()) {
      if (!this.running || this.outcomes.length > MAX_REQUESTS)
        throw new Error(
          `the load stopped before ${what}; last outcomes: ${JSON.stringify(this.outcomes.slice(-5))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async loop(worker: number): Promise<void> {
    const routes = [
      `GET /trips/${this.tripId}`,
      'GET /trips?pageSize=5',
      'POST /trips',
      'GET /status',
    ];
    for (let i = worker; this.running && this.outcomes.length < MAX_REQUESTS; i++) {
      this.outcomes.push(await this.send(routes[i % routes.length]!, i));
    }
    this.running = false;
  }

  private async send(route: string, i: number): Promise<Outcome> {
    const [method, target] = route.split(' ') as [string, string];
    const body = method === 'POST' ? JSON.stringify({ title: `Load trip ${i}` }) : undefined;
    try {
      const response = await fetch(`${this.url}${target}`, {
        method,
        // /status goes without a key, as a health checker calls it (with one, a key lookup that
        // misses the cache needs the database too, and the answer is the plain 503 body).
        headers: {
          ...(target === '/status' ? {} : { authorization: `Bearer ${this.key}` }),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* keep the text */
      }
      return { route, status: response.status, body: parsed };
    } catch (error) {
      return { route, status: 0, body: undefined, error: String(error) };
    }
  }
}
