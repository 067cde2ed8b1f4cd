import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming x-request-id is kept when it looks sane (1-128 chars of [A-Za-z0-9._:-]); else a new uuid. */
const SAFE = /^[A-Za-z0-9._:-]{1,128}$/;

export function genRequestId(req: IncomingMessage): string {
  const raw = req.headers[REQUEST_ID_HEADER];
  const incoming = Array.isArray(raw) ? raw[0] : raw;
  return incoming !== undefined && SAFE.test(incoming) ? incoming : randomUUID();
}
