import { Logger as NestLogger, type LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { z } from 'zod';
import { type Env, parseEnv } from './env';
import { currentRequestId, currentTraceIds } from './tracing';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const logEnvSchema = z.object({
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

/** LOG_LEVEL (fatal, error, warn, info, debug, trace or silent; default info), validated at start-up. */
export function logLevelOf(service: string, env: Env): LogLevel {
  return parseEnv(service, logEnvSchema, env).LOG_LEVEL;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where the JSON lines go (stdout by default; a test passes a stream it reads). */
  destination?: DestinationStream;
  /** Paths pino removes from every line (e.g. the gateway's authorization header). */
  redact?: string[];
}

/**
 * The one logger of every service: pino JSON lines `{level, time, service, msg, ...}` with, while work of a
 * request is in progress, its `requestId` and the `traceId`/`spanId` of the active span.
 */
export function createLogger(service: string, opts: LoggerOptions): Logger {
  return pino(
    {
      level: opts.level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      ...(opts.redact?.length ? { redact: { paths: opts.redact, remove: true } } : {}),
      mixin: requestFields,
    },
    opts.destination,
  );
}

function requestFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const requestId = currentRequestId();
  if (requestId) fields.requestId = requestId;
  const ids = currentTraceIds();
  if (ids) {
    fields.traceId = ids.traceId;
    fields.spanId = ids.spanId;
  }
  return fields;
}

/**
 * Makes `logger` Nest's logger for the whole process (every `new Logger(Context)` of the services and libs and
 * Nest's own lines), so that no service writes Nest's text format. Returns the logger.
 */
export function useLoggerForNest(logger: Logger): Logger {
  NestLogger.overrideLogger(new PinoNestLogger(logger));
  return logger;
}

/** Nest's log calls (bootstrap, route mapping, the services' own loggers) written through a pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    // Nest passes the context as the last argument and, for errors, a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
