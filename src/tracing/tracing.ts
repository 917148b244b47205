// OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. The service calls these
// functions everywhere; while tracing is off each one only calls its callback, and the SDK is not
// even loaded (startTracing imports ./otel.ts on demand), so tracing costs nothing when off.
import type { PgBoss } from 'pg-boss';
import type { Attributes, SpanKind, Tracer, TracingOptions } from './tracer.ts';

export type { Attributes, SpanKind, Tracer, TracingOptions } from './tracer.ts';

let tracer: Tracer | undefined;

/** Starts the SDK (once per process; later calls keep the first). */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (tracer) return;
  const { createTracer } = await import('./otel.ts');
  tracer = createTracer(options);
}

export async function stopTracing(): Promise<void> {
  const stopping = tracer;
  tracer = undefined;
  await stopping?.shutdown();
}

export function traceRequest(
  request: Request,
  run: () => Promise<Response>,
  routeOf: () => string,
): Promise<Response> {
  return tracer ? tracer.server(request, run, routeOf) : run();
}

export function traceSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  run: () => Promise<T>,
): Promise<T> {
  return tracer ? tracer.span(name, kind, attributes, run) : run();
}

export function traceJob<T>(queue: string, data: unknown, run: () => Promise<T>): Promise<T> {
  if (!tracer) return run();
  const traceparent =
    typeof data === 'object' && data !== null
      ? (data as { traceparent?: unknown }).traceparent
      : undefined;
  return tracer.job(queue, typeof traceparent === 'string' ? traceparent : undefined, run);
}

/**
 * Jobs carry the trace of what enqueued them: while tracing is on, every job sent or inserted
 * gets the active span's `traceparent` in its data (job schemas ignore the extra key).
 */
export function carryTraceIntoJobs(boss: PgBoss): void {
  const send = boss.send.bind(boss);
  const insert = boss.insert.bind(boss);
  const withTrace = (data: unknown) => {
    const traceparent = tracer?.traceparent();
    return traceparent && typeof data === 'object' && data !== null && !Array.isArray(data)
      ? { ...data, traceparent }
      : data;
  };
  boss.send = ((...args: unknown[]) => {
    if (typeof args[0] === 'string') args[1] = withTrace(args[1] ?? {});
    return (send as (...a: unknown[]) => ReturnType<PgBoss['send']>)(...args);
  }) as PgBoss['send'];
  boss.insert = ((name: string, jobs: Array<{ data?: unknown }>, ...rest: unknown[]) =>
    (insert as (...a: unknown[]) => ReturnType<PgBoss['insert']>)(
      name,
      jobs.map((job) => ({ ...job, data: withTrace(job.data ?? {}) })),
      ...rest,
    )) as PgBoss['insert'];
}
