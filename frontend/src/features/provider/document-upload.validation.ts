import { IMAGE_MIME_TYPES, LIMITS } from '@tiredash/contracts';
import { providerUploaderMessages } from '../../shared/i18n/locales/en/provider';

export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
}

export interface FileCheck {
  accepted: File[];
  errors: string[];
}

/** What the pickers offer: exactly the image types the server stores (JPEG, PNG, GIF, WebP). */
export const UPLOAD_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** The accepted types as people know them, for the hint and the refusal (in the language shown when read). */
export function uploadTypesLabel(): string {
  return providerUploaderMessages.get().types;
}

/**
 * Types by extension, for a browser that gives no type (common for HEIC on desktops): the four accepted ones, and
 * other image formats a phone or camera produces, so they are refused with what to choose instead.
 */
const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

/** The file's image type as the server will see it: the browser's type, or the extension when the browser gave none. */
export function uploadTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSIONS[ext] ?? '';
}

export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(uploadTypeOf(file));
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/**
 * Registration document rules (spec section 5): images only ('{file} is not an image file'), and of the four types
 * the server stores (a phone's HEIC photo is refused here, before any upload, with what to choose instead),
 * at most 5 MB each ('{file} is too large. Maximum size is 5MB'), at most 5 files in all
 * ('Maximum 5 files allowed', the whole selection is refused).
 */
export function checkImageFiles(
  alreadySelected: number,
  incoming: readonly File[],
  limits: UploadLimits = LIMITS.registrationUploads,
): FileCheck {
  const t = providerUploaderMessages.get();
  if (alreadySelected + incoming.length > limits.maxFiles) {
    return { accepted: [], errors: [t.maxFiles({ max: limits.maxFiles })] };
  }
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of incoming) {
    const type = uploadTypeOf(file);
    if (!type.startsWith('image/')) errors.push(t.notImage({ name: file.name }));
    else if (!isAcceptedImage(file)) errors.push(t.unsupported({ name: file.name, types: t.types }));
    else if (file.size > limits.maxBytes) errors.push(t.tooLarge({ name: file.name, mb: megabytes(limits.maxBytes) }));
    else accepted.push(file);
  }
  return { accepted, errors };
}
