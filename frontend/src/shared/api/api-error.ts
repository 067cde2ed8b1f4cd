import type { FieldError } from '@tiredash/contracts';
import { BASE_LANGUAGE, language } from '../i18n/i18n';
import { apiErrorMessages } from '../i18n/locales/en/common';

/** The gateway's uniform error body: {error: {status, code, message, details: [{path, message}]}}. */
interface ErrorEnvelope {
  error: { status?: number; code?: string; message?: string; details?: unknown };
}

function envelopeOf(err: unknown): ErrorEnvelope['error'] | null {
  if (typeof err !== 'object' || err === null || !('data' in err)) return null;
  const data = (err as { data: unknown }).data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  const inner = (data as ErrorEnvelope).error;
  return typeof inner === 'object' && inner !== null ? inner : null;
}

/** HTTP status of an RTK Query error, or null for network/parse failures. */
export function errorStatus(err: unknown): number | null {
  if (typeof err === 'object' && err !== null && 'status' in err) {
    const status = (err as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return null;
}

/** The API's error code ('EMAIL_TAKEN'...), or null. */
export function errorCode(err: unknown): string | null {
  const code = envelopeOf(err)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The server's message when it sent one, else the fallback. The server writes English: in another language the
 * message is the catalogue's for the error code (shared/i18n/locales/en/common.ts apiErrors), else the fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const message = envelopeOf(err)?.message;
  if (language.get() !== BASE_LANGUAGE) {
    const code = errorCode(err);
    const byCode = apiErrorMessages.get() as Record<string, string>;
    return code && code !== 'invalidField' && byCode[code] ? byCode[code] : fallback;
  }
  return typeof message === 'string' && message.length > 0 ? message : fallback;
}

/** `details.reason` of a refusal (e.g. a 409's), or null. */
export function errorReason(err: unknown): string | null {
  const reason = errorDetails(err).reason;
  return typeof reason === 'string' ? reason : null;
}

/** `details` of a refusal when it is an object (e.g. a 409's {reason, distanceMeters}), else an empty object. */
export function errorDetails(err: unknown): Record<string, unknown> {
  const details = envelopeOf(err)?.details;
  return typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}

/** Field errors from `details`, keyed by the last path segment (`data.phone` -> `phone`). */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const details = envelopeOf(err)?.details;
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const item of details as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as Partial<FieldError>;
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const key = path.split('.').pop() ?? path;
    // The server's field messages are English: in another language, the catalogue's generic one.
    if (!(key in out)) out[key] = language.get() === BASE_LANGUAGE ? message : apiErrorMessages.get().invalidField;
  }
  return out;
}
