import { LIMITS } from '@tiredash/contracts';

export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
}

export interface FileCheck {
  accepted: File[];
  errors: string[];
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/**
 * Registration document rules (spec section 5): images only ('{file} is not an image file'),
 * at most 5 MB each ('{file} is too large. Maximum size is 5MB'), at most 5 files in all
 * ('Maximum 5 files allowed', the whole selection is refused).
 */
export function checkImageFiles(
  alreadySelected: number,
  incoming: readonly File[],
  limits: UploadLimits = LIMITS.registrationUploads,
): FileCheck {
  if (alreadySelected + incoming.length > limits.maxFiles) {
    return { accepted: [], errors: [`Maximum ${limits.maxFiles} files allowed`] };
  }
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of incoming) {
    if (!file.type.startsWith('image/')) errors.push(`${file.name} is not an image file`);
    else if (file.size > limits.maxBytes) errors.push(`${file.name} is too large. Maximum size is ${megabytes(limits.maxBytes)}MB`);
    else accepted.push(file);
  }
  return { accepted, errors };
}
