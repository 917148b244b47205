// The OpenTelemetry SDK, loaded only when tracing is on (see tracing.ts): spans exported over
// OTLP/HTTP (JSON) in batches, context kept across await with AsyncLocalStorage, W3C trace
// context in and out. Prisma's own instrumentation adds a span per query, the undici one a span
// per fetch (the LLM client); the rest are ours: requests, GraphQL, outbound HTTP, jobs.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind as OtelKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import { API_VERSION } from '../config/constants.ts';
import type { Attributes, SpanKind, Tracer, TracingOptions } from './tracer.ts';

const KINDS: Record<SpanKind, OtelKind> = {
  internal: OtelKind.INTERNAL,
  server: OtelKind.SERVER,
  client: OtelKind.CLIENT,
  consumer: OtelKind.CONSUMER,
};

export function createTracer(options: TracingOptions): Tracer {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': API_VERSION,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: `${options.endpoint.replace(/\/$/, '')}/v1/traces`,
          headers: options.headers,
        }),
        scheduledDelayMillis: 2_000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const instrumentations = [new PrismaInstrumentation(), new UndiciInstrumentation()];
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  const tracer = provider.getTracer('trips-service', API_VERSION);

  function run<T>(span: Span, parent: Context, fn: () => Promise<T>): Promise<T> {
    return context.with(trace.setSpan(parent, span), fn).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        span.end();
        throw error;
      },
    );
  }

  return {
    server(request, fn, routeOf) {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers, {
        get: (headers, key) => headers.get(key) ?? undefined,
        keys: (headers) => [...headers.keys()],
      });
      const url = new URL(request.url);
      const span = tracer.startSpan(
        request.method,
        {
          kind: OtelKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'url.path': url.pathname,
            'url.scheme': url.protocol.slice(0, -1),
            'user_agent.original': request.headers.get('user-agent') ?? undefined,
          },
        },
        parent,
      );
      return run(span, parent, async () => {
        const response = await fn();
        const route = routeOf();
        span.updateName(`${request.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': response.status });
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return response;
      });
    },
    span(name, kind, attributes, fn) {
      const parent = context.active();
      return run(
        tracer.startSpan(name, { kind: KINDS[kind], attributes: clean(attributes) }, parent),
        parent,
        fn,
      );
    },
    job(queue, traceparent, fn) {
      const parent = traceparent
        ? propagation.extract(ROOT_CONTEXT, { traceparent })
        : ROOT_CONTEXT;
      const span = tracer.startSpan(
        `process ${queue}`,
        {
          kind: OtelKind.CONSUMER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.destination.name': queue,
            'messaging.operation.type': 'process',
          },
        },
        parent,
      );
      return run(span, parent, fn);
    },
    traceparent() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent;
    },
    async shutdown() {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

function clean(attributes: Attributes): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes))
    if (value !== undefined) result[key] = value;
  return result;
}
