import { z } from 'zod';
import { LIMITS } from '../common/constants';

/**
 * Upload rules shared by the gateway (which reads the multipart stream), the content service (which records
 * the files) and the browser (which checks before sending): images only, recognised by their first bytes,
 * and the spec's limits per use (section 9).
 */
export const UPLOAD_PURPOSES = ['registration', 'request-photo', 'profile-image', 'logo'] as const;
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * Who may fetch an upload's file. `public`: site content an admin uploaded (the logo), served to anyone with a long
 * cache. `private`: everything else (identity and business documents, request photos, profile images), served only
 * through short-lived signed URLs to its owner, the admins and the parties of a request it belongs to.
 */
export const UPLOAD_VISIBILITIES = ['public', 'private'] as const;
export type UploadVisibility = (typeof UPLOAD_VISIBILITIES)[number];

/** The visibility an upload of this purpose gets (only an admin may upload a logo). */
export function visibilityOfPurpose(purpose: UploadPurpose): UploadVisibility {
  return purpose === 'logo' ? 'public' : 'private';
}

/** When the multipart form names no purpose. */
export const DEFAULT_UPLOAD_PURPOSE: UploadPurpose = 'registration';

export const UPLOAD_LIMITS: Record<UploadPurpose, { maxFiles: number; maxBytes: number }> = {
  registration: LIMITS.registrationUploads,
  'request-photo': LIMITS.requestPhotos,
  'profile-image': LIMITS.profileImages,
  logo: LIMITS.logo,
};

/** The largest file any purpose accepts: the multipart reader's hard cap. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export const IMAGE_EXTENSIONS: Record<ImageMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

/** The image type of a file from its magic bytes (JPEG, PNG, GIF, WebP), null for anything else. */
export function detectImageMime(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))}MB`;

/** The spec's messages (section 5). */
export const uploadMessages = {
  notAnImage: (file: string): string => `${file} is not an image file`,
  tooLarge: (file: string, maxBytes: number): string => `${file} is too large. Maximum size is ${mb(maxBytes)}`,
  tooMany: (maxFiles: number): string => `Maximum ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} allowed`,
  noFiles: (): string => 'No files uploaded',
};

/** A file name safe to put in a URL path and a storage key: the base name, odd characters replaced. */
export function safeFileName(name: string, mime: ImageMime): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${stem || 'image'}.${IMAGE_EXTENSIONS[mime]}`;
}

/**
 * The path a stored upload is served under by the gateway. A public upload is served at this path as is; a private
 * one only with the gateway's signature (`?expires=&signature=`), which the gateway adds for callers entitled to it.
 */
export function uploadUrl(id: string, fileName: string): string {
  return `/api/uploads/${id}/${encodeURIComponent(fileName)}`;
}
