import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Attributes,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  context,
  isSpanContextValid,
  propagation,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { z } from 'zod';
import { type Env, parseEnv } from './env';

export { SpanKind };

/**
 * Where the work of a request is followed across processes: the request id the gateway gave it (x-request-id) and
 * the W3C trace context (traceparent, tracestate). They travel as NATS message headers on commands and on the
 * JetStream events an outbox row stores them with, and every log line written meanwhile carries them.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

/** The span attribute naming the service that made a span (several services share one process in tests). */
export const SERVICE_ATTRIBUTE = 'tiredash.service';

const TRACER = 'tiredash';

interface RequestScope {
  requestId: string;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** The request id of the work in progress (set by the gateway per HTTP request, by NATS handlers per message). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** Runs `fn` with `requestId` as the current request id (nothing changes when it is undefined). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? requestScope.run({ requestId }, fn) : fn();
}

/** The trace and span id of the active span, when tracing runs. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  const sc = trace.getSpan(context.active())?.spanContext();
  return sc && isSpanContextValid(sc) ? { traceId: sc.traceId, spanId: sc.spanId } : undefined;
}

/** String headers of a message (NATS headers, an outbox row's stored ones): what carries the context across. */
export type TraceCarrier = Record<string, string>;

/**
 * The headers that carry the current work to another process: traceparent/tracestate of `ctx` (the active
 * context by default) and the request id (the current one by default).
 */
export function traceHeaders(ctx: Context = context.active(), requestId: string | undefined = currentRequestId()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  if (requestId) carrier[REQUEST_ID_HEADER] = requestId;
  return carrier;
}

/** The trace context that `carrier` (headers read from a message) continues, under the active one. */
export function contextFrom(carrier: Record<string, string | undefined> | undefined): Context {
  if (!carrier) return context.active();
  return propagation.extract(context.active(), carrier, {
    get: (c, key) => c[key] ?? c[key.toLowerCase()],
    keys: (c) => Object.keys(c),
  });
}

export interface SpanSpec {
  /** e.g. `POST /api/bids`, `requests.cmd.placeBid receive`. */
  name: string;
  kind: SpanKind;
  /** The service making the span. */
  service: string;
  attributes?: Attributes;
}

/** Starts a span (not made active) whose parent is `parent` (the active context by default). */
export function startSpan(spec: SpanSpec, parent: Context = context.active()): Span {
  return trace.getTracer(TRACER).startSpan(
    spec.name,
    { kind: spec.kind, attributes: { [SERVICE_ATTRIBUTE]: spec.service, ...spec.attributes } },
    parent,
  );
}

/** The context in which `span` is the active span (under `parent`, the active context by default). */
export function spanContext(span: Span, parent: Context = context.active()): Context {
  return trace.setSpan(parent, span);
}

/** Marks a span failed with the error's message and records it as an exception event. */
export function failSpan(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` in a new span (active inside `fn`, ended when it settles; failed when it throws). `parent` is the
 * context to continue: the active one by default, or the one a received message carried (`contextFrom`).
 */
export async function inSpan<T>(spec: SpanSpec, fn: (span: Span) => Promise<T>, parent: Context = context.active()): Promise<T> {
  const span = startSpan(spec, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** inSpan for synchronous work (e.g. a socket emit that must not yield to other handlers in between). */
export function inSpanSync<T>(spec: SpanSpec, fn: (span: Span) => T, parent: Context = context.active()): T {
  const span = startSpan(spec, parent);
  try {
    return context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Handles a received message in the context it carried: its request id current, its trace continued by a new
 * span (SERVER for a command, CONSUMER for an event) active while `fn` runs.
 */
export function inMessageContext<T>(
  headers: Record<string, string | undefined> | undefined,
  spec: SpanSpec,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return withRequestId(headers?.[REQUEST_ID_HEADER], () => inSpan(spec, fn, contextFrom(headers)));
}

const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
});

export interface TracingSettings {
  /** OTLP/HTTP endpoint (spans go to `<endpoint>/v1/traces`), or a full traces URL; null: no export. */
  otlpEndpoint: string | null;
  otlpTracesEndpoint: string | null;
}

/** OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT), validated: a bad URL stops the service at start-up. */
export function tracingSettingsOf(service: string, env: Env): TracingSettings {
  const e = parseEnv(service, tracingEnvSchema, env);
  return { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null, otlpTracesEndpoint: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? null };
}

let provider: NodeTracerProvider | null = null;

/**
 * Installs the process's tracer provider (once; later calls return the first): W3C trace context propagation and
 * the AsyncLocalStorage context manager always, so trace ids reach logs and other services; spans exported over
 * OTLP/HTTP only when an endpoint is configured (off by default: nothing leaves the process).
 */
export function startTracing(service: string, settings: TracingSettings, processors: SpanProcessor[] = []): NodeTracerProvider {
  if (provider) return provider;
  const spanProcessors = [...processors];
  const url = settings.otlpTracesEndpoint ?? (settings.otlpEndpoint ? `${settings.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` : null);
  if (url) spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service, 'service.namespace': 'tiredash' }),
    spanProcessors,
  });
  provider.register();
  return provider;
}

/** Flushes and stops the exporter (on shutdown, so the last spans are sent). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}

let testExporter: InMemorySpanExporter | null = null;

/**
 * For tests: tracing with every finished span kept in memory (read them with `getFinishedSpans()`, clear with
 * `reset()`). Every service started in the test process then records into it; call before starting them.
 */
export function installTestTracing(): InMemorySpanExporter {
  if (testExporter) return testExporter;
  if (provider) throw new Error('installTestTracing: tracing was already started without the in-memory exporter');
  testExporter = new InMemorySpanExporter();
  startTracing('test', { otlpEndpoint: null, otlpTracesEndpoint: null }, [new SimpleSpanProcessor(testExporter)]);
  return testExporter;
}
