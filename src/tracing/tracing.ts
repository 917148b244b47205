// OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. The service calls these
// functions everywhere; while tracing is off each one only calls its callback, and the SDK is not
// even loaded (startTracing imports ./otel.ts on demand), so tracing costs nothing when off.
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
 * The W3C traceparent of the active span while tracing is on: jobs carry it in their data (the
 * job kit, jobs/queue.ts, adds it when it enqueues; traceJob reads it), so their spans continue
 * the trace of what enqueued them.
 */
export function currentTraceparent(): string | undefined {
  return tracer?.traceparent();
}
