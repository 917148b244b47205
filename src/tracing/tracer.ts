// What a running tracer offers, apart from tracing.ts so that its implementation (otel.ts, loaded
// on demand by tracing.ts) does not import the module that loads it.
export type SpanKind = 'internal' | 'server' | 'client' | 'consumer';
export type Attributes = Record<string, string | number | boolean | undefined>;

/** What a running tracer offers; ./otel.ts implements it. */
export interface Tracer {
  /** A server span around an incoming request, child of its `traceparent` header when it has one. */
  server(request: Request, run: () => Promise<Response>, routeOf: () => string): Promise<Response>;
  span<T>(name: string, kind: SpanKind, attributes: Attributes, run: () => Promise<T>): Promise<T>;
  /** A consumer span for a job, child of the trace that enqueued it (its `traceparent`). */
  job<T>(queue: string, traceparent: string | undefined, run: () => Promise<T>): Promise<T>;
  /** The W3C traceparent of the active span, if any. */
  traceparent(): string | undefined;
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** OTLP/HTTP base URL: spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  headers: Record<string, string>;
}
