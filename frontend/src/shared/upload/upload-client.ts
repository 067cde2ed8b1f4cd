import type { MediaView, UploadPurpose } from '@tiredash/contracts';
import { env } from '../env';
import { uploadMessages } from '../i18n/locales/en/common';
import type { ToastInput } from '../toast/toast-context';

/** Upload toasts (spec section 8): a refused upload and a failed request, in the language shown. */
export const UPLOAD_MESSAGES = {
  get failedTitle(): string {
    return uploadMessages.get().failedTitle;
  },
  get failedDefault(): string {
    return uploadMessages.get().failedDefault;
  },
  get errorTitle(): string {
    return uploadMessages.get().errorTitle;
  },
  get errorDescription(): string {
    return uploadMessages.get().errorDescription;
  },
};

/**
 * Why an upload did not succeed: `failed` when the server answered with an error (its message, else the
 * default), `error` when the request itself failed (network, unreadable answer).
 */
export class UploadProblem extends Error {
  constructor(
    readonly kind: 'failed' | 'error',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'UploadProblem';
  }

  /** The toast the spec prescribes for this problem. */
  toast(): ToastInput {
    return this.kind === 'failed'
      ? { title: UPLOAD_MESSAGES.failedTitle, description: this.message, variant: 'destructive' }
      : { title: UPLOAD_MESSAGES.errorTitle, description: UPLOAD_MESSAGES.errorDescription, variant: 'destructive' };
  }
}

/** The server's message from the gateway's error body `{error: {message}}`, else null. */
export function serverMessageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const inner = (parsed as { error: unknown }).error;
    if (typeof inner === 'string' && inner.length > 0) return inner;
    if (typeof inner === 'object' && inner !== null && 'message' in inner) {
      const message = (inner as { message: unknown }).message;
      if (typeof message === 'string' && message.length > 0) return message;
    }
    return null;
  } catch {
    return null;
  }
}

function isMediaList(value: unknown): value is MediaView[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string')
  );
}

export interface UploadRequest {
  files: readonly File[];
  purpose: UploadPurpose;
  /** Bearer token; the registration flow passes the fresh one it keeps for the upload. */
  token: string | null;
  /** Defaults to the API base URL. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

/**
 * POST /api/upload as multipart/form-data: every file in the field `files`, plus `purpose`. Answers the
 * uploaded items (`[{id, url, ...}]`) in the order sent; throws an UploadProblem otherwise.
 */
export async function uploadImages({ files, purpose, token, baseUrl = env.apiBaseUrl, fetchImpl = fetch }: UploadRequest): Promise<MediaView[]> {
  const form = new FormData();
  form.append('purpose', purpose);
  for (const file of files) form.append('files', file, file.name);
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  let body: string;
  try {
    response = await fetchImpl(`${baseUrl}/upload`, { method: 'POST', body: form, headers });
    body = await response.text();
  } catch (err) {
    console.error('Upload request failed', err);
    throw new UploadProblem('error', UPLOAD_MESSAGES.errorDescription);
  }
  if (!response.ok) {
    console.error(`Upload refused: ${response.status} ${body}`);
    throw new UploadProblem('failed', serverMessageOf(body) ?? UPLOAD_MESSAGES.failedDefault, response.status);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new UploadProblem('error', UPLOAD_MESSAGES.errorDescription, response.status);
  }
  const list = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'data' in parsed ? (parsed as { data: unknown }).data : parsed;
  if (!isMediaList(list) || list.length !== files.length) {
    throw new UploadProblem('failed', UPLOAD_MESSAGES.failedDefault, response.status);
  }
  return list;
}
