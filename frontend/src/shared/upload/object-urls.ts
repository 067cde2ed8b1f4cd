import { useEffect, useState } from 'react';

export interface FilePreview {
  file: File;
  /** An object URL for an <img>, null where the environment cannot make one. */
  url: string | null;
}

/** Object URLs for local files, revoked when the list changes or the component goes away. */
export function useFilePreviews(files: readonly File[]): FilePreview[] {
  const [previews, setPreviews] = useState<FilePreview[]>([]);
  useEffect(() => {
    const canPreview = typeof URL.createObjectURL === 'function';
    const next = files.map((file) => ({ file, url: canPreview ? URL.createObjectURL(file) : null }));
    setPreviews(next);
    return () => next.forEach((p) => p.url && URL.revokeObjectURL(p.url));
  }, [files]);
  return previews;
}
