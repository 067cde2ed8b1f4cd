import { ConfigError } from './env';
import {
  SERVICE_ATTRIBUTE,
  SpanKind,
  currentRequestId,
  inMessageContext,
  inSpan,
  installTestTracing,
  traceHeaders,
  tracingSettingsOf,
  withRequestId,
} from './tracing';

describe('tracing', () => {
  const exporter = installTestTracing();

  beforeEach(() => exporter.reset());

  it('carries the trace and request id in headers to the receiving side, whose span continues the trace', async () => {
    let carried: Record<string, string> = {};
    await withRequestId('r-1', () =>
      inSpan({ name: 'send', kind: SpanKind.CLIENT, service: 'gateway' }, async () => {
        carried = traceHeaders();
      }),
    );
    expect(carried).toMatchObject({ 'x-request-id': 'r-1', traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/) });
    let seen: string | undefined;
    await inMessageContext(carried, { name: 'receive', kind: SpanKind.SERVER, service: 'requests' }, async () => {
      seen = currentRequestId();
    });
    expect(seen).toBe('r-1');
    const [send, receive] = ['send', 'receive'].map((n) => exporter.getFinishedSpans().find((s) => s.name === n)!);
    expect(receive!.spanContext().traceId).toBe(send!.spanContext().traceId);
    expect(receive!.parentSpanContext?.spanId).toBe(send!.spanContext().spanId);
    expect([send!.attributes[SERVICE_ATTRIBUTE], receive!.attributes[SERVICE_ATTRIBUTE]]).toEqual(['gateway', 'requests']);
  });

  it('starts a new trace for a message without headers and marks a failed span', async () => {
    await expect(inMessageContext({}, { name: 'boom', kind: SpanKind.CONSUMER, service: 'x' }, async () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    const [span] = exporter.getFinishedSpans();
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.status).toMatchObject({ code: 2, message: 'nope' });
    expect(currentRequestId()).toBeUndefined();
  });

  it('exports over OTLP only when an endpoint is configured, and refuses a bad one', () => {
    expect(tracingSettingsOf('svc', {})).toEqual({ otlpEndpoint: null, otlpTracesEndpoint: null });
    expect(tracingSettingsOf('svc', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }).otlpEndpoint).toBe('http://otel-collector:4318');
    expect(() => tracingSettingsOf('svc', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(ConfigError);
  });
});
