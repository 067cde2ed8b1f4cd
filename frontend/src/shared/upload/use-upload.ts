import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';
import type { MediaView, UploadPurpose } from '@tiredash/contracts';
import { uploadImages } from './upload-client';

interface TokenState {
  auth: { token: string | null };
}

/**
 * Uploads images with the signed-in user's token (or one passed explicitly) and tracks the busy state.
 * Rejects with an UploadProblem whose toast() is the spec's message.
 */
export function useUpload(): { upload: (files: readonly File[], purpose: UploadPurpose, token?: string) => Promise<MediaView[]>; uploading: boolean } {
  const storedToken = useSelector((state: TokenState) => state.auth.token);
  const [uploading, setUploading] = useState(false);
  const upload = useCallback(
    async (files: readonly File[], purpose: UploadPurpose, token?: string) => {
      setUploading(true);
      try {
        return await uploadImages({ files, purpose, token: token ?? storedToken });
      } finally {
        setUploading(false);
      }
    },
    [storedToken],
  );
  return { upload, uploading };
}
