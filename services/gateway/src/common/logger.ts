import { createLogger, type LogLevel } from '@tiredash/runtime';
import type { Logger } from 'pino';

// Nest's own log lines (bootstrap, route mapping, ...) through the same pino logger as the requests.
export { PinoNestLogger } from '@tiredash/runtime';

/** The gateway's logger: the one every service uses (libs/runtime), without credentials in request lines. */
export function createRootLogger(level: LogLevel): Logger {
  return createLogger('gateway', {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}
