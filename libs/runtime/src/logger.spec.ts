import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { ConfigError } from './env';
import { createLogger, logLevelOf, useLoggerForNest } from './logger';
import { SpanKind, inMessageContext, installTestTracing, traceHeaders, withRequestId } from './tracing';

function sink(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  return { stream, lines };
}

describe('the services logger', () => {
  installTestTracing();

  it('writes JSON lines with the service, level, time and message', () => {
    const { stream, lines } = sink();
    createLogger('requests', { level: 'info', destination: stream }).info({ bidId: 'b1' }, 'bid placed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ service: 'requests', level: 30, msg: 'bid placed', bidId: 'b1' });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
    expect(lines[0]).not.toHaveProperty('requestId');
  });

  it('adds the request id and the trace of the work in progress, also through Nest loggers', async () => {
    const { stream, lines } = sink();
    useLoggerForNest(createLogger('realtime', { level: 'debug', destination: stream }));
    const carried = withRequestId('req-42', () => traceHeaders());
    expect(carried['x-request-id']).toBe('req-42');
    await inMessageContext(carried, { name: 'evt process', kind: SpanKind.CONSUMER, service: 'realtime' }, async (span) => {
      await Promise.resolve();
      new Logger('Fanout').debug('emitted');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        service: 'realtime',
        context: 'Fanout',
        msg: 'emitted',
        level: 20,
        requestId: 'req-42',
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
      });
    });
    new Logger('Fanout').log('outside');
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('reads LOG_LEVEL (default info) and refuses an unknown level in one line', () => {
    expect(logLevelOf('svc', {})).toBe('info');
    expect(logLevelOf('svc', { LOG_LEVEL: 'debug' })).toBe('debug');
    expect(() => logLevelOf('svc', { LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => logLevelOf('svc', { LOG_LEVEL: 'loud' })).toThrow(/^svc: invalid environment: LOG_LEVEL/);
  });
});
