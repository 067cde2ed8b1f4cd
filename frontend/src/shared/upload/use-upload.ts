import { useCallback, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { MediaView, UploadPurpose } from '@tiredash/contracts';
import { renewSession, tokenOf } from '../api/session-renewal';
import { uploadImages, UploadProblem } from './upload-client';

interface TokenState {
  auth: { token: string | null };
}

/**
 * Uploads images with the signed-in user's token (or one passed explicitly) and tracks the busy state.
 * Rejects with an UploadProblem whose toast() is the spec's message. A 401 to the signed-in user's token (it expired:
 * access tokens live 15 minutes) renews the session once, like every API call, and sends the files again.
 */
export function useUpload(): { upload: (files: readonly File[], purpose: UploadPurpose, token?: string) => Promise<MediaView[]>; uploading: boolean } {
  const storedToken = useSelector((state: TokenState) => state.auth.token);
  const store = useStore();
  const dispatch = useDispatch();
  const [uploading, setUploading] = useState(false);
  const upload = useCallback(
    async (files: readonly File[], purpose: UploadPurpose, token?: string) => {
      setUploading(true);
      try {
        try {
          return await uploadImages({ files, purpose, token: token ?? storedToken });
        } catch (err) {
          if (token !== undefined || !storedToken || !(err instanceof UploadProblem) || err.status !== 401) throw err;
          if ((await renewSession(dispatch)) !== 'renewed') throw err;
          return await uploadImages({ files, purpose, token: tokenOf(store.getState()) });
        }
      } finally {
        setUploading(false);
      }
    },
    [dispatch, store, storedToken],
  );
  return { upload, uploading };
}
