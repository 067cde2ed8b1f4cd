import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, STORAGE_KEYS } from '../../shared/storage/local-state';

/** The site logo URL from the content service, kept locally (spec: logo is persisted). */
export interface ContentState {
  logoUrl: string | null;
}

function isLogo(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

export const contentSlice = createSlice({
  name: 'content',
  initialState: (): ContentState => ({ logoUrl: readStored(STORAGE_KEYS.logo, isLogo) }),
  reducers: {
    logoResolved(state, action: PayloadAction<string | null>) {
      state.logoUrl = action.payload;
    },
  },
});

export const { logoResolved } = contentSlice.actions;
export const selectLogoUrl = (state: { content: ContentState }): string | null => state.content.logoUrl;
